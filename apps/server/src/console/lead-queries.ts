/**
 * The console's lead list (issue 16): filters, search by email, phone or name, and keyset paging on `seq`
 * (newest first), so the thousandth page costs what the first does, at a million leads too. Delivery
 * filters read delivery_jobs (its (lead_id, buyer_key) key serves them). The CSV export walks the same
 * query page by page.
 */
import {
  searchWords,
  addDays,
  DELIVERY_STATUSES,
  readUsPhone,
  type DeliveryStatus,
  type LeadFilters,
  type LeadPage,
} from '@app/funnel';
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { dialectOf, type DbDialect } from '../db/db-dialect';
import { normalizeEmail } from '../db/normalize-contact';
import { parseJson } from '../db/parse-json';
import type { Database } from '../db/schema';

export const DEFAULT_PAGE_SIZE = 50;

/** What the list shows of a lead (and the CSV exports). */
export const LEAD_ROW_COLUMNS = [
  'seq',
  'id',
  'received_at',
  'variant',
  'language',
  'email',
  'phone',
  'zip_code',
  'state',
  'affid',
  'oid',
  'sub_id',
  'lead_is_qualified',
  'dq_reason',
  'lead',
] as const;

type LeadsQuery = SelectQueryBuilder<Database, 'leads', object>;

/** The lead's first and last name (from its JSON), lower-cased, as one text: "maria lopez". */
function fullName(dialect: DbDialect): RawBuilder<string> {
  const field = (name: string) =>
    dialect === 'postgres'
      ? sql<string>`coalesce(lead::jsonb ->> ${name}, '')`
      : sql<string>`coalesce(json_extract(lead, ${`$.${name}`}), '')`;
  return sql<string>`lower(${field('first_name')} || ' ' || ${field('last_name')})`;
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (escaped with `\`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search box: an address is an email, a US number (in any format) a phone; anything else a name, each
 * word found anywhere in the first or last name, case and accents aside (issue 29: "Maria", "lopez",
 * "jose nunez" for José Núñez, "dung" for Dũng), matched against the lead's folded name (`name_key`,
 * nameSearchKey). A lead stored by a server older than migration 0023 (a rolling upgrade) has no key yet:
 * its name is matched as before, lower-cased, accents counting.
 */
function searchClause(query: LeadsQuery, text: string, dialect: DbDialect): LeadsQuery {
  if (text.includes('@')) return query.where('email', '=', normalizeEmail(text));
  const phone = readUsPhone(text);
  if (phone !== null) return query.where('phone', '=', phone);
  const words = searchWords(text);
  if (words.length === 0) return query.where('id', '=', '');
  const like = (column: RawBuilder<unknown>, word: string) =>
    sql<boolean>`${column} like ${`%${likeLiteral(word)}%`} escape ${'\\'}`;
  const name = fullName(dialect);
  const lowerCased = text
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  return query.where((eb) =>
    eb.or([
      eb.and(words.map((word) => like(sql.ref('leads.name_key'), word))),
      eb.and([eb('name_key', '=', ''), ...lowerCased.map((word) => like(name, word))]),
    ]),
  );
}

export function filteredLeads(db: Kysely<Database>, filters: LeadFilters): LeadsQuery {
  let query: LeadsQuery = db.selectFrom('leads');
  if (filters.from) query = query.where('received_at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where('received_at', '<', `${addDays(filters.to, 1)}T00:00:00.000Z`);
  if (filters.variant) query = query.where('variant', '=', filters.variant);
  if (filters.language) query = query.where('language', '=', filters.language);
  // The brand a lead came under is the brand of the consent text the server rendered for it.
  const { brand } = filters;
  if (brand) {
    query = query.where('consent_version', 'in', (eb) =>
      eb.selectFrom('consent_versions').select('consent_versions.id').where('consent_versions.brand', '=', brand),
    );
  }
  if (filters.qualified) query = query.where('lead_is_qualified', '=', filters.qualified);
  if (filters.dq_reason) query = query.where('dq_reason', '=', filters.dq_reason);
  if (filters.state) query = query.where('state', '=', filters.state);
  if (filters.q) query = searchClause(query, filters.q, dialectOf(db));
  const { buyer, delivery_status: status } = filters;
  if (buyer !== undefined || status !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('delivery_jobs')
          .select('delivery_jobs.id')
          .whereRef('delivery_jobs.lead_id', '=', 'leads.id')
          .$if(buyer !== undefined, (q) => q.where('delivery_jobs.buyer_key', '=', buyer ?? ''))
          .$if(status !== undefined, (q) => q.where('delivery_jobs.status', '=', status ?? 'queued')),
      ),
    );
  }
  return query;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isDeliveryStatus(value: string): value is DeliveryStatus {
  return DELIVERY_STATUSES.some((status) => status === value);
}

/** Each lead's delivery jobs: buyer and status. */
export async function deliveriesOf(
  db: Kysely<Database>,
  leadIds: readonly string[],
): Promise<Map<string, { buyer: string; status: DeliveryStatus }[]>> {
  const byLead = new Map<string, { buyer: string; status: DeliveryStatus }[]>();
  if (leadIds.length === 0) return byLead;
  const jobs = await db
    .selectFrom('delivery_jobs')
    .select(['lead_id', 'buyer_key', 'status'])
    .where('lead_id', 'in', [...leadIds])
    .orderBy('created_at')
    .execute();
  for (const job of jobs) {
    if (!isDeliveryStatus(job.status)) continue;
    const list = byLead.get(job.lead_id) ?? [];
    list.push({ buyer: job.buyer_key, status: job.status });
    byLead.set(job.lead_id, list);
  }
  return byLead;
}

export async function listLeads(db: Kysely<Database>, filters: LeadFilters): Promise<LeadPage> {
  const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
  let query = filteredLeads(db, filters).select(LEAD_ROW_COLUMNS);
  if (filters.before !== undefined) query = query.where('seq', '<', filters.before);
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const deliveries = await deliveriesOf(
    db,
    page.map((row) => row.id),
  );
  const leads = page.map((row) => {
    const lead = parseJson(row.lead);
    const fields = typeof lead === 'object' && lead !== null ? lead : {};
    const name = (field: string) => text(Object.entries(fields).find(([key]) => key === field)?.[1]);
    return {
      seq: Number(row.seq),
      id: row.id,
      received_at: row.received_at,
      variant: row.variant,
      language: row.language,
      first_name: name('first_name'),
      last_name: name('last_name'),
      email: row.email,
      phone: row.phone,
      state: row.state,
      lead_is_qualified: row.lead_is_qualified,
      dq_reason: row.dq_reason,
      delivery: deliveries.get(row.id) ?? [],
    };
  });
  const last = page[page.length - 1];
  return { leads, next: rows.length > limit && last ? Number(last.seq) : null };
}
