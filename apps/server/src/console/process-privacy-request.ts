/**
 * An operator decides a privacy request of the opt-out form (issue 16). Completing a deletion request
 * anonymizes exactly the leads the operator confirmed after reviewing them (issue 29: never every lead of
 * an email or a phone; console/deletion-review.ts lists them, each with what it matched by), personal data
 * gone, the rest kept for reports, and with them every copy the list of personal-data tables names
 * (privacy/personal-data-tables.ts: quarantined bodies, progress snapshots, vendors' answers, audit values). An opt-out of sale or sharing (and a deletion) keeps the request's
 * identifiers the operator confirms on the suppression list, which delivery honours at once (the form put
 * both there on arrival; completing replaces those entries with the confirmed ones, so a stranger's phone
 * typed into someone's form stops nobody once the operator unticks it). Requests to know, correct or
 * appeal are answered by the operator, who sees the person's leads in the console; a denied request's
 * arrival entries leave the suppression list; the decision records who made it, when, and what it deleted.
 */
import type { AnonymizeReport } from '../db/anonymize-leads';
import { getOptOutRequest, setOptOutStatus } from '../db/opt-out-store';
import { addSuppression, isSuppressed, type Contact } from '../db/suppression-store';
import { erasePersonalData, type ErasureReport } from '../privacy/personal-data-tables';
import type { Services } from '../services';
import { recordOperatorAction } from './operator-audit';
import type { Operator } from './operator-store';
import { reviewDeletion, type Identifier, type ReviewedLead } from './deletion-review';

export type PrivacyDecisionResult =
  | { kind: 'decided'; status: 'completed' | 'denied'; anonymized: AnonymizeReport; suppressed: boolean }
  | { kind: 'not_found' }
  /** The decision cannot be carried out as given (no confirmed set for a deletion, a lead not in the review). */
  | { kind: 'invalid'; field: string; message: string }
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
  input: {
    id: string;
    decision: 'complete' | 'deny';
    note: string;
    /** The leads (and ingested leads) confirmed for deletion, ids from the review. */
    leads?: readonly string[] | undefined;
    suppress?: readonly Identifier[] | undefined;
    operator: Operator;
  },
): Promise<PrivacyDecisionResult> {
  const request = await getOptOutRequest(services.db, input.id);
  if (!request) return { kind: 'not_found' };
  if (request.status !== 'open') return { kind: 'closed', status: request.status };
  const now = services.now();
  const contact = contactOfRequest(request.formData);
  let anonymized: AnonymizeReport = { leads: 0, ingestedLeads: 0 };
  let suppressed = false;
  let erased: ErasureReport = {};

  const deletes = request.requestTypes.includes('requestToDeleteInformation');
  let confirmed: ReviewedLead[] = [];
  if (input.decision === 'complete' && deletes) {
    if (input.leads === undefined) {
      return {
        kind: 'invalid',
        field: 'leads',
        message: 'Review the leads this request would delete and confirm the ones to delete',
      };
    }
    const review = new Map((await reviewDeletion(services.db, request)).map((lead) => [lead.id, lead]));
    const unknown = input.leads.find((id) => !review.has(id));
    if (unknown !== undefined) {
      return {
        kind: 'invalid',
        field: 'leads',
        message: `Lead ${unknown} is not among the leads this request matches`,
      };
    }
    confirmed = input.leads.flatMap((id) => review.get(id) ?? []);
    // Issue 29, finding 4: every table of the list, not the leads only (privacy/personal-data-tables.ts).
    const idsOf = (kind: ReviewedLead['kind']) => confirmed.filter((lead) => lead.kind === kind).map((lead) => lead.id);
    erased = await erasePersonalData(services.db, {
      kind: 'deletion',
      leadIds: idsOf('lead'),
      ingestedIds: idsOf('ingested'),
      quarantineIds: idsOf('quarantined'),
      contactKeys: confirmed.flatMap((lead) => [
        ...(lead.email ? [services.keys.of('email', lead.email)] : []),
        ...(lead.phone ? [services.keys.of('phone', lead.phone)] : []),
      ]),
      now,
    });
    anonymized = { leads: erased.leads ?? 0, ingestedLeads: erased.ingested_leads ?? 0 };
  }
  if (input.decision === 'complete') {
    const optsOut = request.requestTypes.includes('optOutOfSaleOrSharingOfInformation') || deletes;
    if (optsOut) {
      const reason = `opt-out request ${request.id}`;
      const chosen = input.suppress ?? ['email', 'phone'];
      // The entry the form added on arrival is replaced by the identifiers the operator confirmed.
      await services.db.deleteFrom('suppression_list').where('reason', '=', reason).execute();
      for (const identifier of chosen) {
        const one = identifier === 'email' ? { email: contact.email } : { phone: contact.phone };
        if (!one.email && !one.phone) continue;
        if (!(await isSuppressed(services.db, one))) {
          await addSuppression(services.db, { ...one, reason, addedAt: now });
        }
        suppressed = true;
      }
    }
  }
  if (input.decision === 'deny') {
    // A denied request stops nobody: the entries the form added on arrival go (a stranger's phone typed
    // into a forged request would otherwise stay suppressed for good; issue 29 review).
    await services.db.deleteFrom('suppression_list').where('reason', '=', `opt-out request ${request.id}`).execute();
  }
  const status = input.decision === 'complete' ? 'completed' : 'denied';
  await setOptOutStatus(services.db, request.id, status, now, input.operator.email);
  await recordOperatorAction(services.db, {
    operator: input.operator,
    action: `privacy_request_${status}`,
    target: request.id,
    details: {
      requestTypes: request.requestTypes,
      note: input.note,
      anonymized,
      erased,
      // Which leads, and why each was matched: ids and identifiers only, no personal data.
      deleted: confirmed.map((lead) => ({
        id: lead.id,
        kind: lead.kind,
        matched_by: lead.matched_by,
        proposed: lead.proposed,
      })),
      suppressed: input.decision === 'complete' ? (input.suppress ?? ['email', 'phone']) : [],
    },
    at: now,
  });
  return { kind: 'decided', status, anonymized, suppressed };
}
