/**
 * Leads posted to the default external ingest endpoint (POST /api/ingest; §4: the minimal variant and
 * the ticket flow post to a lead-ingest service). Stored as received, idempotent on the id.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { StoreResult } from './lead-store';
import { parseJson } from './parse-json';
import type { Database } from './schema';

export interface IngestedLead {
  id: string;
  source: string;
  body: unknown;
  receivedAt: string;
}

/** Without an id one is made; with one, a repeat of a stored id stores nothing and answers created: false. */
export async function storeIngestedLead(
  db: Kysely<Database>,
  lead: { id?: string | undefined; source: string; body: object; receivedAt: Date },
): Promise<StoreResult> {
  const id = lead.id ?? randomUUID();
  const inserted = await db
    .insertInto('ingested_leads')
    .values({ id, source: lead.source, body: JSON.stringify(lead.body), received_at: lead.receivedAt.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return { id, created: inserted !== undefined };
}

export async function getIngestedLead(db: Kysely<Database>, id: string): Promise<IngestedLead | undefined> {
  const row = await db.selectFrom('ingested_leads').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { id: row.id, source: row.source, body: parseJson(row.body), receivedAt: row.received_at };
}
