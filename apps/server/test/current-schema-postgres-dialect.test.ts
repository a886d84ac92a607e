/**
 * The migrator reads the search_path's schema only (db/current-schema-postgres-dialect.ts). CI failed once
 * with "Database migrations failed: column "last_status" of relation "delivery_jobs" does not exist": Kysely's
 * own introspector read every schema's columns while a parallel test dropped its schema. Here other schemas
 * are created and dropped while the introspector reads, and a new schema migrates meanwhile.
 */
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Client, Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentSchemaPostgresDialect } from '../src/db/current-schema-postgres-dialect';
import { MIGRATION_NAMES, migrateToLatest, migrationStatus } from '../src/db/migrations';
import { createTestSchema, TEST_DATABASE_URL, TEST_DIALECT } from './start-test-server';

type Schema = Awaited<ReturnType<typeof createTestSchema>>;

describe.runIf(TEST_DIALECT === 'postgres')('the migrator on a PostgreSQL shared with other schemas', () => {
  let ours: Schema;
  let other: Schema;
  let db: Kysely<unknown>;
  beforeAll(async () => {
    ours = await createTestSchema();
    other = await createTestSchema();
    const otherDb = new Kysely<unknown>({
      dialect: new CurrentSchemaPostgresDialect({ pool: new Pool({ connectionString: other.url }) }),
    });
    await migrateToLatest(otherDb, 'postgres');
    await otherDb.destroy();
    db = new Kysely<unknown>({
      dialect: new CurrentSchemaPostgresDialect({ pool: new Pool({ connectionString: ours.url }) }),
    });
  });
  afterAll(async () => {
    await db?.destroy();
    await ours?.drop();
    await other?.drop();
  });

  it("reads its catalogue without a failure while other schemas come and go; Kysely's own read fails", async () => {
    const churn = churnSchemas();
    try {
      // The control: Kysely's introspector, under the same churn, fails within a few hundred reads (about 1
      // in 30 here) with the errors CI saw. If it ever stops failing, this dialect is no longer needed.
      const kysely = new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new Pool({ connectionString: ours.url, max: 1 }) }),
      });
      const kyselyErrors = await readUnderChurn(kysely, { until: 'an error', ms: 8_000 }).finally(() =>
        kysely.destroy(),
      );
      expect(kyselyErrors[0]).toMatch(/does not exist/);
      expect(await readUnderChurn(db, { until: 'the time is up', ms: 2_000 })).toEqual([]);
      expect(await migrateToLatest(db, 'postgres')).toEqual(MIGRATION_NAMES);
    } finally {
      await churn.stop();
    }
    expect((await migrationStatus(db, 'postgres')).pending).toEqual([]);
  }, 30_000);

  it("lists the current schema's tables only, with their columns; Kysely's own tables when asked", async () => {
    const tables = await db.introspection.getTables();
    const names = tables.map((t) => t.name);
    expect(names).toContain('delivery_jobs');
    expect(names).not.toContain('kysely_migration');
    expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([ours.name]));
    const jobs = tables.find((t) => t.name === 'delivery_jobs');
    expect(jobs?.columns.find((c) => c.name === 'last_status')).toMatchObject({
      dataType: 'int4',
      isNullable: true,
      hasDefaultValue: false,
      isAutoIncrementing: false,
    });
    expect(jobs?.columns.find((c) => c.name === 'id')).toMatchObject({ dataType: 'text', isNullable: false });
    const withKysely = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
    expect(withKysely).toEqual(expect.arrayContaining(['kysely_migration', 'kysely_migration_lock']));
    await sql`create table counted (n serial primary key, note text default 'x')`.execute(db);
    const counted = (await db.introspection.getTables()).find((t) => t.name === 'counted');
    expect(counted?.columns.map((c) => [c.name, c.isAutoIncrementing, c.hasDefaultValue])).toEqual([
      ['n', true, true],
      ['note', false, true],
    ]);
    expect((await db.introspection.getSchemas()).map((s) => s.name)).toContain(ours.name);
  });

  it('refuses to migrate through a Kysely whose introspector reads every schema', async () => {
    const plain = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new Pool({ connectionString: ours.url }) }),
    });
    try {
      await expect(migrateToLatest(plain, 'postgres')).rejects.toThrow(/CurrentSchemaPostgresDialect/);
    } finally {
      await plain.destroy();
    }
  });
});

/** Creates and drops schemas with a table each, one after the other, until stopped. */
function churnSchemas(): { stop: () => Promise<void> } {
  let stopped = false;
  const running = (async () => {
    const admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      for (let i = 0; !stopped; i++) {
        const name = `churn_${process.pid}_${i % 3}`;
        await admin.query(`create schema ${name}; create table ${name}.t (id serial primary key, a text, b integer)`);
        await admin.query(`drop schema ${name} cascade`);
      }
    } finally {
      await admin.end();
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** Reads the tables over and over; the errors met (stopping at the first if asked). */
async function readUnderChurn(
  db: Kysely<unknown>,
  { until, ms }: { until: 'an error' | 'the time is up'; ms: number },
): Promise<string[]> {
  const errors: string[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      await db.introspection.getTables({ withInternalKyselyTables: true });
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      if (until === 'an error') break;
    }
  }
  return errors;
}
