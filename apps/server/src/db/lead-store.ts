/** Writes leads. The insert is idempotent on the browser-made lead id (spec §7, issue 2). */
import { LeadVerdictSchema, type Lead, type LeadVerdict } from '@app/funnel';
import { parseJson } from './parse-json';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface StoreResult {
  id: string;
  created: boolean;
}

/** `experiment`: the arm the visitor was shown (issue 16). */
export async function storeLead(
  db: Kysely<Database>,
  submission: object,
  lead: Lead,
  experiment: { experimentId: string; arm: string } | null = null,
): Promise<StoreResult> {
  const inserted = await db
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
      tcpa: lead.tcpa,
      landing_page_url: lead.landing_page_url,
      ip_address: lead.ip_address,
      user_agent: lead.user_agent,
      trusted_form_cert_id: lead.trusted_form_cert_id,
      jornaya_leadid: lead.leadid_token,
      sec_gpc: lead.sec_gpc,
      claimed_variant: lead.claimed_variant,
      submission_problems: lead.submission_problems.join('|'),
      phone_check: lead.phone_check,
      email_check: lead.email_check,
      consent_version: lead.consent_version,
      consent_mismatch: lead.consent_mismatch,
      submission: JSON.stringify(submission),
      lead: JSON.stringify(lead),
      ...(experiment ? { experiment_id: experiment.experimentId, arm: experiment.arm } : {}),
    })
    // RETURNING yields a row only when this call inserted it, on SQLite and PostgreSQL alike; a
    // concurrent insert of the same id waits for the first to commit, then returns nothing.
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return { id: lead.lead_id, created: inserted !== undefined };
}

/** A repeat of a stored id is answered 200 at once: retries never count against a limit (issue 9). */
export async function isStoredLead(
  db: Kysely<Database>,
  table: 'leads' | 'ingested_leads',
  id: string,
): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/**
 * The verdict stored with a lead, or undefined when no lead has this id: a repeat of a stored id answers
 * it (issue 10), so the first reading stands. Ingested leads keep theirs in the stored body.
 */
export async function storedVerdictOf(
  db: Kysely<Database>,
  table: 'leads' | 'ingested_leads',
  id: string,
): Promise<LeadVerdict | undefined> {
  if (table === 'ingested_leads') {
    const row = await db.selectFrom('ingested_leads').select('body').where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const parsed = LeadVerdictSchema.safeParse(parseJson(row.body));
    return parsed.success ? parsed.data : { is_disqualified: true, dq_reason: '', lead_is_qualified: 'no' };
  }
  const row = await storedLeadQuery(db, id)
    .select(['is_disqualified', 'dq_reason', 'lead_is_qualified'])
    .executeTakeFirst();
  return row && verdictOfRow(row);
}

/** The lead stored under an id, as a query a caller completes with its columns (lead-check-reads.ts too). */
export function storedLeadQuery(db: Kysely<Database>, id: string) {
  return db.selectFrom('leads').where('id', '=', id);
}

/** The verdict columns of a stored lead, read back. */
export function verdictOfRow(row: {
  is_disqualified: number;
  dq_reason: string;
  lead_is_qualified: string;
}): LeadVerdict {
  return {
    is_disqualified: row.is_disqualified === 1,
    dq_reason: row.dq_reason,
    lead_is_qualified: row.lead_is_qualified === 'yes' ? 'yes' : 'no',
  };
}
