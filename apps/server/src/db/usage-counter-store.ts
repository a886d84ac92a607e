/**
 * Counters every server instance shares, in the database (docs/decisions/0011-shared-limits-in-the-database.md):
 * SMS cooldowns and caps, lead limits per email and phone, alert deduplication, and the per-IP rate limits
 * when no Redis is configured. A counter's window opens at its first use and lasts `windowMs`; the first use
 * after it closes starts a new one at 1. One atomic upsert per use, on SQLite and PostgreSQL alike, so two
 * servers counting at once never both see "first". Expired rows are removed by the retention job.
 */
import { sql, type Kysely } from 'kysely';
import { builtOncePerCount, rowSlot, rowValues } from './built-once';
import type { Database } from './schema';

export interface CounterUse {
  /** Uses in the current window, this one included. */
  count: number;
  /** When the window closes. */
  resetAt: Date;
}

export async function countUse(db: Kysely<Database>, key: string, windowMs: number, now: Date): Promise<CounterUse> {
  const uses = await countUses(db, [key], windowMs, now);
  const use = uses.get(key);
  if (!use) throw new Error(`the counter ${key} returned no row`);
  return use;
}

/** The upsert of one use of each counter: a new row starts at 1; a closed window (expires_at <= at) restarts. */
function upsertUses(db: Kysely<Database>, keys: readonly string[], fresh: string, at: string) {
  return db
    .insertInto('usage_counters')
    .values(keys.map((key) => ({ key, count: 1, expires_at: fresh })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        // Every right-hand side reads the row as it was (SQL semantics on both databases).
        count: sql<number>`case when usage_counters.expires_at <= ${at} then 1 else usage_counters.count + 1 end`,
        expires_at: sql<string>`case when usage_counters.expires_at <= ${at} then excluded.expires_at else usage_counters.expires_at end`,
      }),
    )
    .returning(['key', 'count', 'expires_at']);
}

/** The upsert for one to four counters, built and compiled once for each count (db/built-once.ts, issue 15). */
const upsertBuiltOnce = builtOncePerCount(4, (db, slot, count) =>
  upsertUses(
    db,
    Array.from({ length: count }, (_, i) => slot.text(rowSlot(i, 'key'))),
    slot.text('fresh'),
    slot.text('at'),
  ),
);

/**
 * One use of each of several distinct counters with one window, in one statement (issue 15: a lead counts
 * its email and its phone in one round trip); each as countUse would count it.
 */
export async function countUses(
  db: Kysely<Database>,
  keys: readonly string[],
  windowMs: number,
  now: Date,
): Promise<Map<string, CounterUse>> {
  if (keys.length === 0) return new Map();
  const at = now.toISOString();
  const fresh = new Date(now.getTime() + windowMs).toISOString();
  const upsert = upsertBuiltOnce(keys.length);
  const rows = upsert
    ? (
        await upsert(
          db,
          rowValues(
            keys.map((key) => ({ key })),
            { fresh, at },
          ),
        )
      ).rows
    : await upsertUses(db, keys, fresh, at).execute();
  return new Map(rows.map((row) => [row.key, { count: Number(row.count), resetAt: new Date(row.expires_at) }]));
}

/** The current window's count without using it: 0 when there is none. */
export async function peekUse(db: Kysely<Database>, key: string, now: Date): Promise<CounterUse> {
  const row = await db
    .selectFrom('usage_counters')
    .select(['count', 'expires_at'])
    .where('key', '=', key)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? { count: Number(row.count), resetAt: new Date(row.expires_at) } : { count: 0, resetAt: now };
}

/** Ends a counter's window (a slot given back, e.g. a cooldown after a send that failed). */
export async function releaseUse(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('usage_counters').where('key', '=', key).execute();
}

export async function deleteExpiredCounters(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('usage_counters').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
