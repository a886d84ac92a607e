/**
 * The server's reading of a submitted lead (post-lead and the ingest endpoint, and a replay from the
 * quarantine): its own zip lookup, its own text check, the suppression list, its clock, and the IP and
 * user agent the body came with. §8: a zip or text service that fails gives no place / no verdict,
 * never a refused lead.
 */
import { buildLeadRecord, type Lead, type LeadDestination, type LeadSubmission, type ZipPlace } from '@app/funnel';
import type { FastifyRequest } from 'fastify';
import { isSuppressed } from '../db/suppression-store';
import { ProviderUnavailableError } from '../providers/provider-unavailable-error';
import { checkTextOrNothing } from '../providers/text/text-checker';
import type { Services } from '../services';

/** Where a lead body came from: the request that posted it, or the one a quarantined body was kept with. */
export interface LeadOrigin {
  ip: string;
  userAgent: string;
  secGpc: boolean;
  /** When the body first arrived; a replayed body is judged as of that day. Absent: now. */
  receivedAt?: Date;
  log: { warn: (details: object, message: string) => void };
}

export function originOf(request: FastifyRequest): LeadOrigin {
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    secGpc: request.headers['sec-gpc'] === '1',
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

/** The stored lead of a submission posted to `destination`; its variant is the landing path's (§2). */
export async function serverLead(
  services: Services,
  submission: LeadSubmission,
  origin: LeadOrigin,
  destination: LeadDestination,
): Promise<Lead> {
  const [place, text, suppressed] = await Promise.all([
    lookupPlace(services, submission.zip_code, origin),
    submission.case_description === undefined ? null : checkTextOrNothing(services.text, submission.case_description),
    isSuppressed(services.db, { email: submission.email, phone: submission.phone }),
  ]);
  return buildLeadRecord(
    submission,
    {
      receivedAt: origin.receivedAt ?? services.now(),
      place,
      ipAddress: origin.ip,
      userAgent: origin.userAgent,
      secGpc: origin.secGpc,
      isGibberish: text?.is_gibberish ?? null,
      suppressed,
    },
    destination,
  );
}
