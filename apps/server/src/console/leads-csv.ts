/**
 * The CSV export of a filtered lead list (issue 16), streamed: rows are read a page at a time (keyset on
 * seq) and written as the client takes them, so a million leads never sit in memory. Every cell that a
 * spreadsheet would read as a formula (=, +, -, @, tab, carriage return first) is written with a leading
 * apostrophe (OWASP "CSV injection"; issue 9 item 9): a visitor's "=HYPERLINK(…)" stays text.
 */
import { Readable } from 'node:stream';
import type { LeadFilters } from '@app/funnel';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { parseJson } from '../db/parse-json';
import type { Database } from '../db/schema';
import { deliveriesOf, filteredLeads, LEAD_ROW_COLUMNS } from './lead-queries';

const PAGE = 500;

export const CSV_COLUMNS = [
  'received_at',
  'id',
  'variant',
  'language',
  'first_name',
  'last_name',
  'email',
  'phone',
  'zip_code',
  'state',
  'lead_is_qualified',
  'dq_reason',
  'affid',
  'oid',
  'sub_id',
  'deliveries',
] as const;

export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function text(fields: object, field: string): string {
  const value: unknown = Object.entries(fields).find(([key]) => key === field)?.[1];
  return typeof value === 'string' ? value : '';
}

async function* csvRows(db: Kysely<Database>, filters: LeadFilters): AsyncGenerator<string[]> {
  yield [...CSV_COLUMNS];
  let before = filters.before;
  for (;;) {
    let query = filteredLeads(db, filters).select(LEAD_ROW_COLUMNS);
    if (before !== undefined) query = query.where('seq', '<', before);
    const rows = await query.orderBy('seq', 'desc').limit(PAGE).execute();
    const deliveries = await deliveriesOf(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const lead = parseJson(row.lead);
      const fields = typeof lead === 'object' && lead !== null ? lead : {};
      const jobs = (deliveries.get(row.id) ?? []).map((job) => `${job.buyer}:${job.status}`).join(' ');
      const cells = [
        row.received_at,
        row.id,
        row.variant,
        row.language,
        text(fields, 'first_name'),
        text(fields, 'last_name'),
        row.email,
        row.phone,
        row.zip_code,
        row.state,
        row.lead_is_qualified,
        row.dq_reason,
        row.affid,
        row.oid,
        row.sub_id,
        jobs,
      ];
      yield cells.map(neutraliseFormula);
    }
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || last === undefined) return;
    before = Number(last.seq);
  }
}

export function leadsCsv(db: Kysely<Database>, filters: LeadFilters): Readable {
  return Readable.from(csvRows(db, filters)).pipe(stringify());
}
