/**
 * Removes the personal data of stored leads, keeping what counts for reports (variant, state, dates,
 * answers, verdict, tracking sub ids): names, email, phone, address, date of birth, description, IP,
 * user agent, consent-certificate ids and ad click ids are blanked in the columns and in the stored JSON,
 * and the landing URL keeps its path only. Used by the retention job (leads older than the retention
 * period, issue 9) and by a processed deletion request (the leads of one person, issue 16). Idempotent.
 */
import type { Kysely } from 'kysely';
import { parseJson } from './parse-json';
import type { Database } from './schema';

const BATCH = 200;

/** Fields of a stored lead (JSON) that name or locate a person. */
export const PERSONAL_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'date_of_birth',
  'case_description',
  'ip_address',
  'user_agent',
  'page_referer',
  'trusted_form_cert_id',
  'trustedform_cert_url',
  'leadid_token',
  'click_id',
  'gclid',
  'fbclid',
] as const;

function withoutQuery(url: string): string {
  if (!URL.canParse(url)) return '';
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

export function objectOf(json: string): Record<string, unknown> {
  const value = parseJson(json);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

/** The stored JSON with every personal field blanked. */
function anonymizedJson(json: string): string {
  const copy = objectOf(json);
  for (const field of PERSONAL_FIELDS) if (field in copy) copy[field] = '';
  if (typeof copy.landing_page_url === 'string') copy.landing_page_url = withoutQuery(copy.landing_page_url);
  return JSON.stringify(copy);
}

/** Handles rows a batch at a time until a batch comes back short; answers how many were handled. */
async function inBatches<Row>(next: () => Promise<Row[]>, handle: (row: Row) => Promise<void>): Promise<number> {
  let handled = 0;
  for (;;) {
    const rows = await next();
    for (const row of rows) await handle(row);
    handled += rows.length;
    if (rows.length < BATCH) return handled;
  }
}

/**
 * Which leads: received before an instant (retention), or exactly the leads an operator confirmed for a
 * deletion request (issue 29: never every lead of an email or a phone, console/deletion-review.ts).
 */
export type AnonymizeScope =
  { receivedBefore: string } | { leadIds: readonly string[]; ingestedIds: readonly string[] };

export interface AnonymizeReport {
  leads: number;
  ingestedLeads: number;
}

export async function anonymizeLeads(db: Kysely<Database>, scope: AnonymizeScope, now: Date): Promise<AnonymizeReport> {
  return {
    leads: await anonymizeLeadRows(db, scope, now),
    ingestedLeads: await anonymizeIngestedLeads(db, scope, now),
  };
}

/** The `leads` rows of the scope, personal data blanked; answers how many. */
export async function anonymizeLeadRows(db: Kysely<Database>, scope: AnonymizeScope, now: Date): Promise<number> {
  const at = now.toISOString();
  const ids = 'receivedBefore' in scope ? null : scope;
  if (ids && ids.leadIds.length === 0) return 0;
  return inBatches(
    () => {
      let query = db
        .selectFrom('leads')
        .select(['id', 'submission', 'lead', 'landing_page_url'])
        .where('anonymized_at', 'is', null);
      if ('receivedBefore' in scope) query = query.where('received_at', '<', scope.receivedBefore);
      if (ids) query = query.where('id', 'in', [...ids.leadIds]);
      return query.limit(BATCH).execute();
    },
    async (row) => {
      await db
        .updateTable('leads')
        .set({
          email: '',
          phone: '',
          ip_address: '',
          user_agent: '',
          trusted_form_cert_id: '',
          jornaya_leadid: '',
          landing_page_url: withoutQuery(row.landing_page_url),
          submission: anonymizedJson(row.submission),
          lead: anonymizedJson(row.lead),
          name_key: '',
          anonymized_at: at,
        })
        .where('id', '=', row.id)
        .execute();
    },
  );
}

/** The `ingested_leads` rows of the scope (contact in the JSON only), personal data blanked; answers how many. */
export async function anonymizeIngestedLeads(db: Kysely<Database>, scope: AnonymizeScope, now: Date): Promise<number> {
  const at = now.toISOString();
  const ids = 'receivedBefore' in scope ? null : scope;
  if (ids && ids.ingestedIds.length === 0) return 0;
  let ingestedLeads = 0;
  let after = '';
  for (;;) {
    let query = db
      .selectFrom('ingested_leads')
      .select(['id', 'body'])
      .where('anonymized_at', 'is', null)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if ('receivedBefore' in scope) query = query.where('received_at', '<', scope.receivedBefore);
    if (ids) query = query.where('id', 'in', [...ids.ingestedIds]);
    const rows = await query.execute();
    for (const row of rows) {
      await db
        .updateTable('ingested_leads')
        .set({ body: anonymizedJson(row.body), anonymized_at: at })
        .where('id', '=', row.id)
        .execute();
      ingestedLeads += 1;
    }
    const last = rows[rows.length - 1];
    if (rows.length < BATCH || last === undefined) break;
    after = last.id;
  }
  return ingestedLeads;
}
