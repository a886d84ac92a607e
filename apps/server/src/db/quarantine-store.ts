/**
 * The quarantine (issue 14 "Nothing lost at the door either"): every body the lead intake refuses for
 * validation is kept with its errors and where it came from, so an operator can see it, fix it and
 * replay it through the same checks (intake/replay-quarantined.ts). A body is kept up to a size cap;
 * the intake's own limit (64 KB, else 413) is the same, so in practice nothing is cut.
 */
import { randomUUID } from 'node:crypto';
import { jsonDepth } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { FieldProblem } from '../http/parse-body';
import { parseJson } from './parse-json';
import type { Database, QuarantineStatus, QuarantinedBodiesTable } from './schema';

export const QUARANTINE_MAX_BODY_BYTES = 64 * 1024;
/**
 * Deeper than any lead body: a body nested past this is an attack (issue 9, 10,000 levels overflow
 * JSON.stringify's stack), kept as a note, not as itself.
 */
export const QUARANTINE_MAX_DEPTH = 64;

export interface QuarantinedBody {
  id: string;
  endpoint: string;
  receivedAt: string;
  /** The body as received (parsed JSON), or its text when it was cut. */
  body: unknown;
  bodyBytes: number;
  truncated: boolean;
  errors: FieldProblem[];
  ipAddress: string;
  userAgent: string;
  secGpc: boolean;
  status: QuarantineStatus;
  resolvedAt: string | null;
  leadId: string | null;
}

function problemsOf(json: unknown): FieldProblem[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'field' in item && 'message' in item
      ? [{ field: String(item.field), message: String(item.message) }]
      : [],
  );
}

function toBody(row: QuarantinedBodiesTable): QuarantinedBody {
  return {
    id: row.id,
    endpoint: row.endpoint,
    receivedAt: row.received_at,
    body: row.truncated ? row.body : parseJson(row.body),
    bodyBytes: row.body_bytes,
    truncated: row.truncated === 1,
    errors: problemsOf(parseJson(row.errors)),
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    secGpc: row.sec_gpc === 'yes',
    status: row.status,
    resolvedAt: row.resolved_at,
    leadId: row.lead_id,
  };
}

export async function quarantineBody(
  db: Kysely<Database>,
  entry: {
    endpoint: string;
    body: unknown;
    errors: readonly FieldProblem[];
    ipAddress: string;
    userAgent: string;
    secGpc: boolean;
    receivedAt: Date;
  },
): Promise<{ id: string }> {
  const id = randomUUID();
  const tooDeep = jsonDepth(entry.body, QUARANTINE_MAX_DEPTH) > QUARANTINE_MAX_DEPTH;
  const text = tooDeep
    ? `(a body nested deeper than ${QUARANTINE_MAX_DEPTH} levels is not kept)`
    : JSON.stringify(entry.body ?? null);
  const bytes = Buffer.byteLength(text, 'utf8');
  const truncated = tooDeep || bytes > QUARANTINE_MAX_BODY_BYTES;
  await db
    .insertInto('quarantined_bodies')
    .values({
      id,
      endpoint: entry.endpoint,
      received_at: entry.receivedAt.toISOString(),
      body: truncated ? Buffer.from(text, 'utf8').subarray(0, QUARANTINE_MAX_BODY_BYTES).toString('utf8') : text,
      body_bytes: bytes,
      truncated: truncated ? 1 : 0,
      errors: JSON.stringify(entry.errors),
      ip_address: entry.ipAddress,
      user_agent: entry.userAgent,
      sec_gpc: entry.secGpc ? 'yes' : 'no',
      status: 'open',
    })
    .execute();
  return { id };
}

export async function getQuarantined(db: Kysely<Database>, id: string): Promise<QuarantinedBody | undefined> {
  const row = await db.selectFrom('quarantined_bodies').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toBody(row);
}

/** Newest first, by status; `before` (a received_at) pages on. */
export async function listQuarantined(
  db: Kysely<Database>,
  query: { status?: QuarantineStatus; limit: number; before?: string },
): Promise<QuarantinedBody[]> {
  let select = db.selectFrom('quarantined_bodies').selectAll();
  if (query.status) select = select.where('status', '=', query.status);
  if (query.before) select = select.where('received_at', '<', query.before);
  const rows = await select.orderBy('received_at', 'desc').limit(query.limit).execute();
  return rows.map(toBody);
}

/** A replay that still fails: the new errors replace the old, the body stays open. */
export async function updateQuarantineErrors(
  db: Kysely<Database>,
  id: string,
  errors: readonly FieldProblem[],
): Promise<void> {
  await db
    .updateTable('quarantined_bodies')
    .set({ errors: JSON.stringify(errors) })
    .where('id', '=', id)
    .execute();
}

export async function resolveQuarantined(
  db: Kysely<Database>,
  id: string,
  resolution: { status: 'replayed'; leadId: string; at: Date } | { status: 'discarded'; at: Date },
): Promise<void> {
  await db
    .updateTable('quarantined_bodies')
    .set({
      status: resolution.status,
      resolved_at: resolution.at.toISOString(),
      lead_id: resolution.status === 'replayed' ? resolution.leadId : null,
    })
    .where('id', '=', id)
    .execute();
}
