/** Writes leads. The insert is idempotent on the browser-made lead id (spec §7, issue 2). */
import { LeadVerdictSchema, nameSearchKey, type Lead, type LeadVerdict } from '@app/funnel';
import type { Kysely } from 'kysely';
import { builtOnce, builtOncePerCount, rowValues, type Slots } from './built-once';
import { runsWritesInWith } from './db-dialect';
import { parseJson } from './parse-json';
import type { Database } from './schema';
import { recordValidations, validationRows, validationSlots, type ValidationEntry } from './validation-store';

export interface StoreResult {
  id: string;
  created: boolean;
}

/** A lead's row (the lead's insert's values), as the table holds it. */
function leadRow(submission: object, lead: Lead, experiment: { experimentId: string; arm: string } | null) {
  return {
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
    experiment_id: experiment?.experimentId ?? '',
    arm: experiment?.arm ?? '',
    name_key: nameSearchKey(lead.first_name, lead.last_name),
  };
}

/** The lead's row as slots (db/built-once.ts): every column is the slot of its name. */
function leadSlots(slot: Slots) {
  return {
    id: slot.text('id'),
    received_at: slot.text('received_at'),
    variant: slot.text('variant'),
    language: slot.text('language'),
    email: slot.text('email'),
    phone: slot.text('phone'),
    zip_code: slot.text('zip_code'),
    state: slot.text('state'),
    affid: slot.text('affid'),
    oid: slot.text('oid'),
    sub_id: slot.text('sub_id'),
    lead_is_qualified: slot.text('lead_is_qualified'),
    is_disqualified: slot.number('is_disqualified'),
    dq_reason: slot.text('dq_reason'),
    tcpa: slot.text('tcpa'),
    landing_page_url: slot.text('landing_page_url'),
    ip_address: slot.text('ip_address'),
    user_agent: slot.text('user_agent'),
    trusted_form_cert_id: slot.text('trusted_form_cert_id'),
    jornaya_leadid: slot.text('jornaya_leadid'),
    sec_gpc: slot.text('sec_gpc'),
    claimed_variant: slot.text('claimed_variant'),
    submission_problems: slot.text('submission_problems'),
    phone_check: slot.text('phone_check'),
    email_check: slot.text('email_check'),
    consent_version: slot.text('consent_version'),
    consent_mismatch: slot.text('consent_mismatch'),
    submission: slot.text('submission'),
    lead: slot.text('lead'),
    experiment_id: slot.text('experiment_id'),
    arm: slot.text('arm'),
    name_key: slot.text('name_key'),
  };
}

/**
 * The insert, built and compiled once (db/built-once.ts). RETURNING yields a row only when this call
 * inserted it, on SQLite and PostgreSQL alike; a concurrent insert of the same id waits for the first to
 * commit, then returns nothing.
 */
const insertLead = builtOnce((db, slot) =>
  db
    .insertInto('leads')
    .values(leadSlots(slot))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id'),
);

/**
 * PostgreSQL: the lead's insert with one or two check results inserted in the same statement (a data-modifying
 * `WITH`, issue 15: one round trip fewer per lead). The results are inserted whether or not the lead is new, as
 * recordValidations then storeLead do; the lead's row is returned only when this statement inserted it.
 */
const insertLeadWithChecks = builtOncePerCount(2, (db, slot, count) =>
  db
    .with('checks', (qc) => qc.insertInto('validation_results').values(validationSlots(slot, count)).returning('id'))
    .insertInto('leads')
    .values(leadSlots(slot))
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id'),
);

/** `experiment`: the arm the visitor was shown (issue 16); without one, the columns' default (''). */
export async function storeLead(
  db: Kysely<Database>,
  submission: object,
  lead: Lead,
  experiment: { experimentId: string; arm: string } | null = null,
): Promise<StoreResult> {
  const { rows } = await insertLead(db, leadRow(submission, lead, experiment));
  return { id: lead.lead_id, created: rows.length > 0 };
}

/**
 * The lead's fresh check results and the lead, in its transaction (issue 15): on PostgreSQL in one statement,
 * on SQLite (no data-modifying `WITH`; a statement there is no round trip) as recordValidations then storeLead.
 */
export async function storeLeadWithChecks(
  trx: Kysely<Database>,
  checks: readonly ValidationEntry[],
  submission: object,
  lead: Lead,
  experiment: { experimentId: string; arm: string } | null = null,
): Promise<StoreResult> {
  const insert = runsWritesInWith(trx) ? insertLeadWithChecks(checks.length) : undefined;
  if (insert === undefined) {
    await recordValidations(trx, checks);
    return storeLead(trx, submission, lead, experiment);
  }
  const { rows } = await insert(trx, rowValues(validationRows(checks), leadRow(submission, lead, experiment)));
  return { id: lead.lead_id, created: rows.length > 0 };
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
