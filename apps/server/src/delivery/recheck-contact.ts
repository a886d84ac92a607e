/**
 * Issue 29, finding 5: a lead whose paid phone or email check (IPQualityScore) was unavailable at intake
 * (the vendor down, out of credits, or the site-wide cap reached: http/paid-lookup-cap.ts) is checked again
 * before it is sent.
 * §5/§8 let the visitor through when a check cannot answer, as they should; a buyer still gets only what
 * passes once the check can answer. A check that now fails skips the job (the lead stays stored, with the
 * new verdict); one still unavailable holds the job until the job's own deadline, after which it goes as
 * §5 says (a vendor outage never loses a real lead).
 */
import { resolveRoute } from '@app/funnel';
import { parseJson } from '../db/parse-json';
import { readEmail, readPhone } from '../http/contact-checks';
import type { Services } from '../services';

export type RecheckVerdict = { kind: 'send' } | { kind: 'skip'; reason: string } | { kind: 'wait'; reason: string };

/** How long a job waits before its lead's unavailable checks are asked again. */
export const RECHECK_WAIT_MS = 10 * 60_000;

const pathOf = (url: string) => (URL.canParse(url) ? new URL(url).pathname : '');

export async function recheckContact(
  services: Services,
  job: { lead_id: string; lead_source: string },
): Promise<RecheckVerdict> {
  // Ingested leads were checked by the service that sent them (§4).
  if (job.lead_source !== 'lead') return { kind: 'send' };
  // Only a paying vendor's checks (the offline ones answer again the same way, and cost nothing to skip):
  // with none configured there is nothing to ask again, and the lead is not read (issue 32: one statement
  // fewer per post).
  const paid = services.providers.paidLookups;
  if (!paid.phone && !paid.email) return { kind: 'send' };
  const row = await services.db
    .selectFrom('leads')
    .select(['email', 'phone', 'phone_check', 'email_check', 'landing_page_url', 'lead'])
    .where('id', '=', job.lead_id)
    .executeTakeFirst();
  const recheckPhone = paid.phone && row?.phone_check === 'unavailable';
  const recheckEmail = paid.email && row?.email_check === 'unavailable';
  if (!row || (!recheckPhone && !recheckEmail)) return { kind: 'send' };

  const updates: { phone_check?: string; email_check?: string } = {};
  const reasons: Record<string, string> = {};
  const problems: string[] = [];
  if (recheckPhone) {
    const olderVersion = resolveRoute(pathOf(row.landing_page_url))?.legacyPhoneCheck === true;
    const phone = await readPhone(services, row.phone, { olderVersion });
    updates.phone_check = phone.outcome;
    reasons.phone_check_reason = phone.reason;
    if (phone.outcome === 'failed') problems.push(`the phone check failed (${phone.reason})`);
  }
  if (recheckEmail) {
    const email = await readEmail(services, row.email, { asVisitorStep: false });
    updates.email_check = email.outcome;
    reasons.email_check_reason = email.verdict.reason ?? '';
    if (email.outcome === 'blocked') problems.push(`the email check blocked it (${email.verdict.reason ?? ''})`);
  }
  const stored = parseJson(row.lead);
  const lead = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? { ...stored } : {};
  await services.db
    .updateTable('leads')
    .set({ ...updates, lead: JSON.stringify({ ...lead, ...updates, ...reasons }) })
    .where('id', '=', job.lead_id)
    .execute();
  if (problems.length > 0) return { kind: 'skip', reason: `re-checked before delivery: ${problems.join('; ')}` };
  if (updates.phone_check === 'unavailable' || updates.email_check === 'unavailable') {
    return { kind: 'wait', reason: 'checks still unavailable; asked again before delivery' };
  }
  return { kind: 'send' };
}
