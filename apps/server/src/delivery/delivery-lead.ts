/** The stored lead a delivery job sends, read from the table its intake wrote it to. */
import type { LeadFields } from '@app/funnel';
import type { Kysely } from 'kysely';
import { parseJson } from '../db/parse-json';
import type { Database, LeadSource } from '../db/schema';

function asFields(json: unknown): LeadFields | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  return Object.fromEntries(Object.entries(json));
}

export async function loadDeliveryLead(
  db: Kysely<Database>,
  job: { lead_id: string; lead_source: LeadSource },
): Promise<LeadFields | undefined> {
  if (job.lead_source === 'ingest') {
    const row = await db.selectFrom('ingested_leads').select('body').where('id', '=', job.lead_id).executeTakeFirst();
    return row && asFields(parseJson(row.body));
  }
  const row = await db.selectFrom('leads').select('lead').where('id', '=', job.lead_id).executeTakeFirst();
  return row && asFields(parseJson(row.lead));
}

export function contactOf(lead: LeadFields): { email: string; phone: string } {
  const email = lead.email;
  const phone = lead.phone;
  return { email: typeof email === 'string' ? email : '', phone: typeof phone === 'string' ? phone : '' };
}
