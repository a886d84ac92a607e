/** Writes and reads leads. The insert is idempotent on the browser-made lead id (spec §7, issue 2). */
import type { Lead } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface StoreResult {
  id: string;
  created: boolean;
}

export async function storeLead(db: Kysely<Database>, submission: object, lead: Lead): Promise<StoreResult> {
  const result = await db
    .insertInto('leads')
    .values({
      id: lead.lead_id,
      received_at: lead.received_at,
      variant: lead.variant,
      language: lead.language,
      email: lead.email,
      phone: lead.phone,
      zip_code: lead.zip_code,
      state: lead.state,
      affid: lead.affid,
      oid: lead.oid,
      sub_id: lead.sub_id,
      lead_is_qualified: lead.lead_is_qualified,
      is_disqualified: lead.is_disqualified ? 1 : 0,
      dq_reason: lead.dq_reason,
      submission: JSON.stringify(submission),
      lead: JSON.stringify(lead),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return { id: lead.lead_id, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}
