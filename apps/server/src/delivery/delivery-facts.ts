/**
 * What the delivery worker needs to know of jobs it is about to send, read in a few queries for a batch: each
 * job's lead as it is now (undefined: anonymized or deleted) and which of them are suppressed now (issue 14).
 * Read by the worker for the jobs it claims, or by the auction's decision inside its own transaction for the
 * jobs it hands the worker (issue 32: the winner's post leaves without another read; factsForJobs).
 */
import type { LeadFields } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database, LeadSource } from '../db/schema';
import { suppressedAmong } from '../db/suppression-store';
import { contactOf, loadDeliveryLeads } from './delivery-lead';

export interface DeliveryFacts {
  /** By job id. */
  leads: Map<string, LeadFields | undefined>;
  /** Jobs whose lead's contact is suppressed. */
  suppressed: Set<string>;
}

export async function readDeliveryFacts(
  db: Kysely<Database>,
  jobs: readonly { id: string; lead_id: string; lead_source: LeadSource }[],
): Promise<DeliveryFacts> {
  const leads = await loadDeliveryLeads(db, jobs);
  const contacts = new Map(
    [...leads].flatMap(([jobId, lead]) => (lead === undefined ? [] : [[contactOf(lead), jobId] as const])),
  );
  const suppressedContacts = await suppressedAmong(db, [...contacts.keys()]);
  return { leads, suppressed: new Set([...suppressedContacts].map((contact) => contacts.get(contact) ?? '')) };
}

/**
 * One lead's facts, read before its jobs were written (keyed by the lead's id), given to those jobs: the
 * auction's decision reads them first, so that its last writes, the buyer's cap places, are locked only
 * until the commit (cap-usage.ts).
 */
export function factsForJobs(
  facts: DeliveryFacts,
  leadId: string,
  jobs: readonly { id: string; lead_id: string }[],
): DeliveryFacts {
  const lead = facts.leads.get(leadId);
  const mine = jobs.filter((job) => job.lead_id === leadId);
  return {
    leads: new Map(mine.map((job) => [job.id, lead])),
    suppressed: new Set(facts.suppressed.has(leadId) ? mine.map((job) => job.id) : []),
  };
}
