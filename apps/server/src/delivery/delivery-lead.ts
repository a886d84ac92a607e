/**
 * The stored lead a delivery job sends, read from the table its intake wrote it to. Issue 29, finding 6: an
 * anonymized lead (deleted at its person's request, or by retention) is never read for sending, so a job
 * still pending when its lead was deleted (a paused buyer resumed later, a dead job retried) is skipped.
 */
import type { LeadFields } from '@app/funnel';
import type { Kysely } from 'kysely';
import { parseJson } from '../db/parse-json';
import type { Database, LeadSource } from '../db/schema';

function asFields(json: unknown): LeadFields | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  return Object.fromEntries(Object.entries(json));
}

/** A stored lead's JSON as read (null: anonymized, deleted or not read), as the fields a delivery sends. */
export function deliveryLeadOf(json: string | null): LeadFields | undefined {
  return json === null ? undefined : asFields(parseJson(json));
}

/** The leads of a batch of jobs, by job id (two queries at most, whatever the batch's size). */
export async function loadDeliveryLeads(
  db: Kysely<Database>,
  jobs: readonly { id: string; lead_id: string; lead_source: LeadSource }[],
): Promise<Map<string, LeadFields | undefined>> {
  const ids = (source: LeadSource) => jobs.filter((j) => j.lead_source === source).map((j) => j.lead_id);
  const [leads, ingested] = await Promise.all([
    ids('lead').length === 0
      ? []
      : db
          .selectFrom('leads')
          .select(['id', 'lead as json'])
          .where('id', 'in', ids('lead'))
          .where('anonymized_at', 'is', null)
          .execute(),
    ids('ingest').length === 0
      ? []
      : db
          .selectFrom('ingested_leads')
          .select(['id', 'body as json'])
          .where('id', 'in', ids('ingest'))
          .where('anonymized_at', 'is', null)
          .execute(),
  ]);
  const byId = (rows: { id: string; json: string }[]) => new Map(rows.map((r) => [r.id, r.json]));
  const found = { lead: byId(leads), ingest: byId(ingested) };
  return new Map(
    jobs.map((job) => {
      const json = found[job.lead_source].get(job.lead_id);
      return [job.id, deliveryLeadOf(json ?? null)];
    }),
  );
}

export async function loadDeliveryLead(
  db: Kysely<Database>,
  job: { lead_id: string; lead_source: LeadSource },
): Promise<LeadFields | undefined> {
  if (job.lead_source === 'ingest') {
    const row = await db
      .selectFrom('ingested_leads')
      .select('body')
      .where('id', '=', job.lead_id)
      .where('anonymized_at', 'is', null)
      .executeTakeFirst();
    return row && asFields(parseJson(row.body));
  }
  const row = await db
    .selectFrom('leads')
    .select('lead')
    .where('id', '=', job.lead_id)
    .where('anonymized_at', 'is', null)
    .executeTakeFirst();
  return row && asFields(parseJson(row.lead));
}

export function contactOf(lead: LeadFields): { email: string; phone: string } {
  const email = lead.email;
  const phone = lead.phone;
  return { email: typeof email === 'string' ? email : '', phone: typeof phone === 'string' ? phone : '' };
}
