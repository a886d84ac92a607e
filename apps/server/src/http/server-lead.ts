/**
 * The server's reading of a submitted lead (post-lead and the ingest endpoint, and a replay from the
 * quarantine): its own zip lookup, its own text check, its own phone and email checks (§5, issue 9), the
 * suppression list, the consent version it serves (issue 9), its clock, and the IP, user agent and host
 * the body came with. §8: a zip or text service that fails gives no place / no verdict, never a refused
 * lead; a phone or email check that fails disqualifies the lead but keeps it.
 */
import {
  brandIdentityForHost,
  buildLeadRecord,
  checkConsentChoice,
  consentOutcome,
  flowById,
  formatBuyerIds,
  formatBuyerNames,
  resolveRoute,
  stripInvisible,
  type ContactChecks,
  type Lead,
  type LeadDestination,
  type LeadSubmission,
  type ZipPlace,
  withServerLeadMapping,
} from '@app/funnel';
import type { FastifyRequest } from 'fastify';
import { consentVersion, saveConsentVersion, type ConsentVersion } from '../db/consent-version-store';
import { readLeadChecks, type LeadCheckKeys, type LeadCheckReads } from '../db/lead-check-reads';
import type { ValidationEntry } from '../db/validation-store';
import { offeredConsentBuyers } from '../delivery/available-buyers';
import { ProviderUnavailableError } from '../providers/provider-unavailable-error';
import { checkTextOrNothing } from '../providers/text/text-checker';
import type { Assignment } from '../experiments/experiment-runtime';
import type { Services } from '../services';
import { CHECK_REUSE_MS, EMAIL_BLOCK_MEMORY_MS, readEmail, readPhone } from './contact-checks';

/** Where a lead body came from: the request that posted it, or the one a quarantined body was kept with. */
export interface LeadOrigin {
  ip: string;
  userAgent: string;
  secGpc: boolean;
  /** The host the page was served on: it names the brand, and so the consent text (spec §1). */
  host?: string;
  /** The request's Cookie header: it may prove the visitor's experiment arm (issue 16). */
  cookie?: string;
  /** When the body first arrived; a replayed body is judged as of that day. Absent: now. */
  receivedAt?: Date;
  log: { warn: (details: object, message: string) => void };
}

export function originOf(request: FastifyRequest): LeadOrigin {
  return {
    ip: request.ip,
    userAgent: stripInvisible(request.headers['user-agent'] ?? ''),
    secGpc: request.headers['sec-gpc'] === '1',
    host: request.host,
    ...(request.headers.cookie === undefined ? {} : { cookie: request.headers.cookie }),
    log: request.log,
  };
}

export async function lookupPlace(services: Services, zip: string, origin: LeadOrigin): Promise<ZipPlace | null> {
  try {
    return await services.providers.zip.lookup(zip);
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    origin.log.warn({ provider: 'zip' }, 'zip lookup unavailable; the lead keeps empty place fields (§8)');
    return null;
  }
}

/** §5 "older versions" are landing paths (the route registry); the landing URL names the path. */
function landingPathOf(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : '';
}

async function contactChecks(
  services: Services,
  submission: LeadSubmission,
  assignment: Assignment | null,
  reads: LeadCheckReads,
  keep: (entry: ValidationEntry) => void,
): Promise<ContactChecks> {
  // The landing path names the variant (never the body, lead/read-submission.ts); §5: the multi-step form
  // checks only the phone's length, and the older versions do not read the phone's active flag.
  const route = resolveRoute(landingPathOf(submission.landing_page_url));
  const variant = assignment?.variant ?? route?.variant;
  const checkPhone = (variant === undefined ? undefined : flowById(variant)?.remotePhoneCheck) !== false;
  const olderVersion = route?.legacyPhoneCheck === true;
  const [phone, email] = await Promise.all([
    checkPhone ? readPhone(services, submission.phone, { olderVersion, recent: reads.phone, keep }) : undefined,
    readEmail(services, submission.email, { asVisitorStep: false, recent: reads.email, keep }),
  ]);
  return {
    phone: phone?.outcome ?? 'not_checked',
    phoneReason: phone?.reason ?? '',
    email: email.outcome,
    emailReason: email.verdict.reason ?? '',
  };
}

/** The experiment arm the request's cookie proves on the lead's landing path (issue 16), or null. */
export async function assignmentOf(
  services: Services,
  submission: LeadSubmission,
  origin: LeadOrigin,
): Promise<Assignment | null> {
  if (origin.cookie === undefined) return null;
  return services.experiments.assignmentFor(landingPathOf(submission.landing_page_url), origin.cookie);
}

/** What readLeadChecks reads for a submission, as of its receipt. */
export function leadCheckKeys(services: Services, submission: LeadSubmission, origin: LeadOrigin): LeadCheckKeys {
  const now = services.now();
  return {
    leadId: submission.lead_id,
    email: submission.email,
    phone: submission.phone,
    emailKey: services.keys.of('email', submission.email),
    phoneKey: services.keys.of('phone', submission.phone),
    reuseSince: new Date(now.getTime() - CHECK_REUSE_MS),
    blocksSince: new Date(now.getTime() - EMAIL_BLOCK_MEMORY_MS),
    at: origin.receivedAt ?? now,
  };
}

/** The server's reading of a lead, and its fresh phone and email check results, to record with it. */
export interface ServerReading {
  lead: Lead;
  checks: ValidationEntry[];
}

/**
 * The stored lead of a submission posted to `destination`; its variant is the landing path's (§2), or the
 * experiment arm's the server showed there (issue 16). Fresh check results are returned, not recorded:
 * the caller records them in the lead's transaction, in one statement (issue 15).
 */
export async function serverLead(
  services: Services,
  posted: LeadSubmission,
  origin: LeadOrigin,
  destination: LeadDestination,
  assignment: Assignment | null = null,
  known?: LeadCheckReads,
): Promise<ServerReading> {
  // Issue 27, §7: the lp_* ids the body lacks, from the operator's mapping of its affid and oid.
  const submission = withServerLeadMapping(posted, services.config.operator.mappings);
  // Issue 15: the contact's check results, blocks, suppression and SMS approval in one read (made by the
  // post's answer already, with the repeat check: lead-intake.ts).
  const reads = known ?? (await readLeadChecks(services.db, leadCheckKeys(services, submission, origin)));
  const { suppressed, smsVerified } = reads;
  const fresh: ValidationEntry[] = [];
  const [place, text, checks] = await Promise.all([
    lookupPlace(services, submission.zip_code, origin),
    submission.case_description === undefined ? null : checkTextOrNothing(services.text, submission.case_description),
    contactChecks(services, submission, assignment, reads, (entry) => fresh.push(entry)),
  ]);
  // The page's brand is the host's (spec §1); the consent text names the buyers the visitor kept, as the
  // server reads them (issue 13: only buyers it offered on that page).
  const brand = brandIdentityForHost(origin.host ?? '');
  const versions: ConsentVersion[] = [];
  const checked = await checkedConsent(services, submission, place);
  const lead = buildLeadRecord(
    checked?.submission ?? submission,
    {
      consentBuyersRefused: checked?.refusedIds ?? [],
      consentDeclined: checked?.declined === true,
      smsVerified,
      receivedAt: origin.receivedAt ?? services.now(),
      assignedVariant: assignment?.variant,
      place,
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
      secGpc: origin.secGpc,
      isGibberish: text?.is_gibberish ?? null,
      suppressed,
      contactChecks: checks,
      consentFor: ({ variant, language }) => {
        const version = consentVersion({
          brand,
          language,
          variant,
          buyers: checked?.names ?? [],
          declinedFirms: checked?.declined === true,
        });
        versions.push(version);
        return { version: version.id, text: version.text };
      },
    },
    destination,
  );
  for (const version of versions) await saveConsentVersion(services.db, version, services.now());
  return { lead, checks: fresh };
}

/**
 * Issue 13, §4 one-to-one consent: on a consent page (its route names where its buyers come from), the
 * buyers in the body's consent fields are read against the buyers the server would have offered there
 * for this lead; buyers never offered are kept out (and recorded), and the names are the server's.
 * Null on every other page.
 */
async function checkedConsent(
  services: Services,
  submission: LeadSubmission,
  place: ZipPlace | null,
): Promise<{ submission: LeadSubmission; names: string[]; refusedIds: string[]; declined: boolean } | null> {
  const source = resolveRoute(landingPathOf(submission.landing_page_url))?.buyers;
  if (source === undefined || (submission.selected_buyers === undefined && submission.displayed_buyers === undefined))
    return null;
  const fields = { ...submission, ...(place ?? {}), state: place?.state ?? '' };
  const offered = await offeredConsentBuyers(services, source, fields);
  const choice = checkConsentChoice(offered, submission);
  // Issue 28: the visitor was offered firms one by one and kept none (the server's reading, not the body's).
  const declined = submission['1_to_1_consent'] === 'yes' && choice.selected.length === 0;
  return {
    submission: {
      ...submission,
      selected_buyers: formatBuyerIds(choice.selected),
      selected_buyer_names: formatBuyerNames(choice.selected),
      selected_buyers_number: choice.selected.length,
      displayed_buyers: formatBuyerIds(choice.displayed),
      ...(submission['1_to_1_consent'] === 'yes'
        ? consentOutcome(choice.selected.length, Math.max(choice.displayed.length, choice.selected.length))
        : {}),
    },
    names: choice.selected.map((b) => b.name),
    refusedIds: choice.refusedIds,
    declined,
  };
}
