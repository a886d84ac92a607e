/**
 * Results of the remote phone, email and text checks (§5, §7), keyed by the input's lookup key (an HMAC
 * with the server's secret, db/lookup-keys.ts) so the table never holds the raw email, phone or
 * description. The key is pseudonymous, not anonymous (the server can key a known address), so rows are
 * still personal data: the retention job removes old ones.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parseJson } from './parse-json';
import { builtOncePerCount, rowSlot, rowValues, type Slots } from './built-once';
import { VALIDATION_KINDS, type Database, type ValidationKind } from './schema';

export type { ValidationKind } from './schema';

export interface ValidationRecord {
  id: string;
  kind: ValidationKind;
  key: string;
  blocked: boolean;
  result: unknown;
  createdAt: string;
}

/** A check result to record. */
export interface ValidationEntry {
  kind: ValidationKind;
  key: string;
  blocked: boolean;
  result: object;
  createdAt: Date;
}

export async function recordValidation(db: Kysely<Database>, entry: ValidationEntry): Promise<{ id: string }> {
  const [id = ''] = await recordValidations(db, [entry]);
  return { id };
}

/** The rows of these results, each with a new id, as the table holds them. */
export function validationRows(entries: readonly ValidationEntry[]) {
  return entries.map((entry) => ({
    id: randomUUID(),
    kind: entry.kind,
    key: checkedKey(entry.key),
    blocked: entry.blocked ? 1 : 0,
    result: JSON.stringify(entry.result),
    created_at: entry.createdAt.toISOString(),
  }));
}

/** Several results in one statement (a lead's phone and email checks, issue 15); their ids in order. */
export async function recordValidations(db: Kysely<Database>, entries: readonly ValidationEntry[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = validationRows(entries);
  const insert = insertBuiltOnce(rows.length);
  if (insert) await insert(db, rowValues(rows));
  else await db.insertInto('validation_results').values(rows).execute();
  return rows.map((row) => row.id);
}

/**
 * The rows of `count` results as slots named by rowSlot (db/built-once.ts): the insert below, and the lead's
 * insert with its check results on PostgreSQL (lead-store.ts), build with them.
 */
export function validationSlots(slot: Slots, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: slot.text(rowSlot(i, 'id')),
    kind: slot.oneOf(rowSlot(i, 'kind'), VALIDATION_KINDS),
    key: slot.text(rowSlot(i, 'key')),
    blocked: slot.number(rowSlot(i, 'blocked')),
    result: slot.text(rowSlot(i, 'result')),
    created_at: slot.text(rowSlot(i, 'created_at')),
  }));
}

/** The insert of one or two results (a lead's phone and email), built and compiled once each (db/built-once.ts). */
const insertBuiltOnce = builtOncePerCount(2, (db, slot, count) =>
  db.insertInto('validation_results').values(validationSlots(slot, count)),
);

/**
 * The newest result for an input recorded at or after `notBefore` (a cache's freshness), as a query a
 * caller completes with its columns: latestValidation's, and lead-check-reads.ts's one read per lead.
 */
export function latestValidationQuery(db: Kysely<Database>, kind: ValidationKind, key: string, notBefore?: Date) {
  return latestValidationSelect(db, kind, checkedKey(key), notBefore?.toISOString());
}

/**
 * latestValidationQuery with its values as the statement holds them: a key checked by the caller, an ISO
 * time (lead-check-reads.ts builds it once with placeholders, db/built-once.ts).
 */
export function latestValidationSelect(db: Kysely<Database>, kind: ValidationKind, key: string, notBefore?: string) {
  let query = db.selectFrom('validation_results').where('kind', '=', kind).where('key', '=', key);
  if (notBefore !== undefined) query = query.where('created_at', '>=', notBefore);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
}

/** The newest result for an input, if any was recorded at or after `notBefore` (a cache's freshness). */
export async function latestValidation(
  db: Kysely<Database>,
  kind: ValidationKind,
  key: string,
  options: { notBefore?: Date } = {},
): Promise<ValidationRecord | undefined> {
  const row = await latestValidationQuery(db, kind, key, options.notBefore).selectAll().executeTakeFirst();
  return (
    row && {
      id: row.id,
      kind: row.kind,
      key: row.key,
      blocked: row.blocked === 1,
      result: parseJson(row.result),
      createdAt: row.created_at,
    }
  );
}

/**
 * How many times the email check has blocked this address (§5 Email: "on the second block of the same
 * address it is let through"), counting from `since` when given.
 */
export async function countEmailBlocks(
  db: Kysely<Database>,
  emailKey: string,
  options: { since?: Date } = {},
): Promise<number> {
  const { n } = await emailBlocksQuery(db, emailKey, options.since).executeTakeFirstOrThrow();
  return Number(n);
}

/** countEmailBlocks as a query (its one column `n`: a number, or a numeric string on PostgreSQL). */
export function emailBlocksQuery(db: Kysely<Database>, emailKey: string, since?: Date) {
  return emailBlocksSelect(db, checkedKey(emailKey), since?.toISOString());
}

/** emailBlocksQuery with its values as the statement holds them (a checked key, an ISO time). */
export function emailBlocksSelect(db: Kysely<Database>, emailKey: string, since?: string) {
  let query = db
    .selectFrom('validation_results')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('kind', '=', 'email')
    .where('key', '=', emailKey)
    .where('blocked', '=', 1);
  if (since !== undefined) query = query.where('created_at', '>=', since);
  return query;
}

/** A raw email or phone passed by mistake fails here rather than being stored. */
export function checkedKey(key: string): string {
  if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('A validation key is a lookup key (db/lookup-keys.ts)');
  return key;
}
