/**
 * An operator decides a privacy request of the opt-out form (issue 16). Completing a deletion request
 * anonymizes every lead of the person's email or phone (personal data gone, the rest kept for reports);
 * an opt-out of sale or sharing (and a deletion) keeps the contact on the suppression list, which
 * delivery honours at once (the form put it there on arrival; this makes sure it still is). Requests to
 * know, correct or appeal are answered by the operator, who sees the person's leads in the console; the
 * decision records who made it and when.
 */
import { anonymizeLeads, type AnonymizeReport } from '../db/anonymize-leads';
import { getOptOutRequest, setOptOutStatus } from '../db/opt-out-store';
import { addSuppression, isSuppressed, type Contact } from '../db/suppression-store';
import type { Services } from '../services';
import { recordOperatorAction } from './operator-audit';
import type { Operator } from './operator-store';

export type PrivacyDecisionResult =
  | { kind: 'decided'; status: 'completed' | 'denied'; anonymized: AnonymizeReport; suppressed: boolean }
  | { kind: 'not_found' }
  | { kind: 'closed'; status: string };

/** The person's email and phone as the form gave them. */
export function contactOfRequest(formData: unknown): Contact {
  const field = (name: string) => {
    if (typeof formData !== 'object' || formData === null) return undefined;
    const value: unknown = Object.entries(formData).find(([key]) => key === name)?.[1];
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  return { email: field('email'), phone: field('phone') };
}

export async function decidePrivacyRequest(
  services: Services,
  input: { id: string; decision: 'complete' | 'deny'; note: string; operator: Operator },
): Promise<PrivacyDecisionResult> {
  const request = await getOptOutRequest(services.db, input.id);
  if (!request) return { kind: 'not_found' };
  if (request.status !== 'open') return { kind: 'closed', status: request.status };
  const now = services.now();
  const contact = contactOfRequest(request.formData);
  let anonymized: AnonymizeReport = { leads: 0, ingestedLeads: 0 };
  let suppressed = false;

  if (input.decision === 'complete') {
    if (request.requestTypes.includes('requestToDeleteInformation')) {
      anonymized = await anonymizeLeads(services.db, contact, now);
    }
    const optsOut =
      request.requestTypes.includes('optOutOfSaleOrSharingOfInformation') ||
      request.requestTypes.includes('requestToDeleteInformation');
    if (optsOut) {
      // Each of the email and the phone on the list on its own: either one names the person.
      for (const one of [{ email: contact.email }, { phone: contact.phone }]) {
        if (!one.email && !one.phone) continue;
        if (!(await isSuppressed(services.db, one))) {
          await addSuppression(services.db, { ...one, reason: `opt-out request ${request.id}`, addedAt: now });
        }
        suppressed = true;
      }
    }
  }
  const status = input.decision === 'complete' ? 'completed' : 'denied';
  await setOptOutStatus(services.db, request.id, status, now, input.operator.email);
  await recordOperatorAction(services.db, {
    operator: input.operator,
    action: `privacy_request_${status}`,
    target: request.id,
    details: { requestTypes: request.requestTypes, note: input.note, anonymized, suppressed },
    at: now,
  });
  return { kind: 'decided', status, anonymized, suppressed };
}
