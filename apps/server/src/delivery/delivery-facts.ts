/**
 * What the delivery worker needs to know of jobs it is about to send, read in a few queries for a batch: each
 * job's lead as it is now (undefined: anonymized or deleted) and which of them are suppressed now (issue 14).
 * Read by the worker for the jobs it claims, or, by lead (readLeadFacts), by the auction's decision and its
 * next bid after a refusal inside their own transactions for the jobs they hand the worker (issue 32: the
 * post leaves without another read; factsForJobs).
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

/** Leads' facts by lead id: each lead as it is now (undefined: anonymized or deleted), and those suppressed. */
export interface LeadFacts {
  leads: Map<string, LeadFields | undefined>;
  suppressed: Set<string>;
}

/** A few leads' facts in two statements (the leads, their suppression), whatever their number. */
export async function readLeadFacts(
  db: Kysely<Database>,
  of: readonly { lead_id: string; lead_source: LeadSource }[],
): Promise<LeadFacts> {
  const unique = [
    ...new Map(of.map((l) => [l.lead_id, { id: l.lead_id, lead_id: l.lead_id, lead_source: l.lead_source }])).values(),
  ];
  const leads = await loadDeliveryLeads(db, unique);
  const contacts = new Map(
    [...leads].flatMap(([leadId, lead]) => (lead === undefined ? [] : [[contactOf(lead), leadId] as const])),
  );
  const suppressedContacts = await suppressedAmong(db, [...contacts.keys()]);
  return { leads, suppressed: new Set([...suppressedContacts].map((contact) => contacts.get(contact) ?? '')) };
}

/** Leads' facts given to their jobs (the auction reads them before it writes the jobs: cap-usage.ts). */
export function factsForJobs(facts: LeadFacts, jobs: readonly { id: string; lead_id: string }[]): DeliveryFacts {
  return {
    leads: new Map(jobs.map((job) => [job.id, facts.leads.get(job.lead_id)])),
    suppressed: new Set(jobs.filter((job) => facts.suppressed.has(job.lead_id)).map((job) => job.id)),
  };
}

export async function readDeliveryFacts(
  db: Kysely<Database>,
  jobs: readonly { id: string; lead_id: string; lead_source: LeadSource }[],
): Promise<DeliveryFacts> {
  return factsForJobs(await readLeadFacts(db, jobs), jobs);
}
