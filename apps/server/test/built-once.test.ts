/**
 * Issue 15: a statement built once (db/built-once.ts) runs the SQL and parameters Kysely would have built
 * for the same values, on both dialects; a placeholder Kysely does not keep as a parameter, and a value
 * missing, unexpected or of the wrong type, fail loudly instead of running a statement half-filled.
 */
import fc from 'fast-check';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type CompiledQuery,
  type Dialect,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { builtOnce, builtOncePerCount, rowSlot, rowValues, type Slots } from '../src/db/built-once';
import type { Database } from '../src/db/schema';

/** A Kysely whose driver keeps the statements it is given and answers no rows. */
function recordingDb(kind: 'sqlite' | 'postgres'): { db: Kysely<Database>; ran: CompiledQuery[] } {
  const ran: CompiledQuery[] = [];
  const connection = {
    executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      ran.push(query);
      return Promise.resolve({ rows: [] });
    },
    streamQuery: () => {
      throw new Error('not streamed');
    },
  };
  const dialect: Dialect = {
    createAdapter: () => (kind === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
    createIntrospector: (db) => (kind === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
    createQueryCompiler: () => (kind === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    createDriver: () => ({
      init: () => Promise.resolve(),
      acquireConnection: () => Promise.resolve(connection),
      releaseConnection: () => Promise.resolve(),
      beginTransaction: () => Promise.resolve(),
      commitTransaction: () => Promise.resolve(),
      rollbackTransaction: () => Promise.resolve(),
      destroy: () => Promise.resolve(),
    }),
  };
  return { db: new Kysely<Database>({ dialect }), ran };
}

interface Values {
  key: string;
  count: number;
  expires: string;
}

/** One statement with a repeated slot, a number slot and constants of its own. */
function counterUpsert(db: Kysely<Database>, v: { key: string; count: number; expires: string; again: string }) {
  return db
    .insertInto('usage_counters')
    .values({ key: v.key, count: v.count, expires_at: v.expires })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when usage_counters.expires_at <= ${v.again} then 1 else usage_counters.count + 1 end`,
      }),
    )
    .returning(['key', 'count']);
}

const upsert = builtOnce((db, slot: Slots) =>
  counterUpsert(db, {
    key: slot.text('key'),
    count: slot.number('count'),
    expires: slot.text('expires'),
    again: slot.text('expires'),
  }),
);

describe.each(['sqlite', 'postgres'] as const)('builtOnce on %s', (kind) => {
  it('runs what Kysely builds for the same values', async () => {
    const { db, ran } = recordingDb(kind);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ key: fc.string(), count: fc.integer(), expires: fc.string() }),
        async (v: Values) => {
          await upsert(db, { ...v });
          const expected = counterUpsert(db, { ...v, again: v.expires }).compile();
          const last = ran.at(-1);
          expect(last?.sql).toBe(expected.sql);
          expect(last?.parameters).toEqual(expected.parameters);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('takes null for a slot, and refuses a value missing, unexpected or of the wrong type', async () => {
    const { db, ran } = recordingDb(kind);
    await upsert(db, { key: 'k', count: 1, expires: null });
    expect(ran.at(-1)?.parameters).toContain(null);
    await expect(upsert(db, { key: 'k', count: 1 })).rejects.toThrow(/takes/);
    await expect(upsert(db, { key: 'k', count: 1, expires: 'x', other: 'y' })).rejects.toThrow(/takes/);
    await expect(upsert(db, { key: 'k', count: '1', expires: 'x' })).rejects.toThrow(/number/);
    await expect(upsert(db, { key: 1, count: 1, expires: 'x' })).rejects.toThrow(/text/);
  });

  it('a multi-row statement, built once per count of rows, runs what Kysely builds for those rows', async () => {
    const { db, ran } = recordingDb(kind);
    const insert = (d: Kysely<Database>, rows: { key: string; count: number }[], expires: string) =>
      d.insertInto('usage_counters').values(rows.map((r) => ({ key: r.key, count: r.count, expires_at: expires })));
    const perCount = builtOncePerCount(3, (d, slot, count) =>
      insert(
        d,
        Array.from({ length: count }, (_, i) => ({
          key: slot.text(rowSlot(i, 'key')),
          count: slot.number(rowSlot(i, 'count')),
        })),
        slot.text('expires'),
      ),
    );
    expect(perCount(4)).toBeUndefined();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ key: fc.string(), count: fc.integer() }), { minLength: 1, maxLength: 3 }),
        fc.string(),
        async (rows, expires) => {
          await perCount(rows.length)?.(db, rowValues(rows, { expires }));
          const expected = insert(db, rows, expires).compile();
          expect(ran.at(-1)?.sql).toBe(expected.sql);
          expect(ran.at(-1)?.parameters).toEqual(expected.parameters);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a oneOf slot takes one of its values, and nothing else', async () => {
    const { db, ran } = recordingDb(kind);
    const routing = builtOnce((d, slot) =>
      d.insertInto('lead_routing').values({
        lead_id: 'l',
        lead_source: 'lead',
        decided_at: 'now',
        outcome: slot.oneOf('outcome', ['routed', 'not_sent'] as const),
        reason: '',
        buyers: '[]',
      }),
    );
    await routing(db, { outcome: 'routed' });
    const expected = db
      .insertInto('lead_routing')
      .values({ lead_id: 'l', lead_source: 'lead', decided_at: 'now', outcome: 'routed', reason: '', buyers: '[]' })
      .compile();
    expect(ran.at(-1)?.sql).toBe(expected.sql);
    expect(ran.at(-1)?.parameters).toEqual(expected.parameters);
    await expect(routing(db, { outcome: 'sold' })).rejects.toThrow(/one of routed, not_sent/);
  });

  it('refuses a placeholder that did not stay a parameter', async () => {
    const { db } = recordingDb(kind);
    const transformed = builtOnce((d, slot) =>
      d.selectFrom('usage_counters').select('key').where('key', '=', slot.text('key').toUpperCase()),
    );
    await expect(transformed(db, { key: 'k' })).rejects.toThrow(/not a parameter/);
    const written = builtOnce((d, slot) => d.selectFrom('usage_counters').select(sql.lit(slot.text('key')).as('k')));
    await expect(written(db, { key: 'k' })).rejects.toThrow(/SQL text|not a parameter/);
  });
});
