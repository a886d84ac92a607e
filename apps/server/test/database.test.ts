import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, sql, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CurrentSchemaPostgresDialect } from '../src/db/current-schema-postgres-dialect';
import type { DbDialect } from '../src/db/db-dialect';
import { MIGRATION_NAMES, migrateToLatest, migrationsFor } from '../src/db/migrations';
import { openDatabase } from '../src/db/open-database';
import { createTestSchema, openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function appliedMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

describe(`database (${TEST_DIALECT})`, () => {
  it('runs every migration at open', async () => {
    expect(await appliedMigrations(database.db)).toEqual(MIGRATION_NAMES);
    expect(MIGRATION_NAMES).toEqual([
      '0001-leads',
      '0002-lead-consent-evidence',
      '0003-progress-snapshots',
      '0004-opt-out-requests',
      '0005-suppression-list',
      '0006-validation-results',
      '0007-ingested-leads',
      '0008-lead-variant-reading',
      '0009-buyers',
      '0010-delivery-jobs',
      '0011-quarantined-bodies',
      '0012-usage-counters-and-sms-codes',
      '0013-keyed-lookups-lead-checks-consent-versions',
      '0014-console-operators',
      '0017-sms-verifications',
      '0021-step-snapshots-and-experiments',
      '0022-auctions',
      '0023-lead-name-key',
    ]);
  });

  it('finds nothing to do when migrated again', async () => {
    await migrateToLatest(database.db, TEST_DIALECT);
    expect(await appliedMigrations(database.db)).toEqual(MIGRATION_NAMES);
  });

  it.runIf(TEST_DIALECT === 'postgres')('commits synchronously on every pooled connection', async () => {
    // Several at once, so the pool opens several connections.
    const settings = await Promise.all(
      Array.from({ length: 6 }, () =>
        database.db.connection().execute(async (db) => {
          const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
          await sql`select pg_sleep(0.05)`.execute(db);
          return rows[0]?.synchronous_commit;
        }),
      ),
    );
    expect(settings).toEqual(Array.from({ length: 6 }, () => 'on'));
  });

  it.runIf(TEST_DIALECT === 'sqlite')('writes through WAL with synchronous=FULL', async () => {
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(database.db);
    const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db);
    expect([mode.rows[0]?.journal_mode, sync.rows[0]?.synchronous]).toEqual(['wal', 2]);
  });

  it('fills the consent columns of leads stored before 0002 from their lead JSON', async () => {
    const { db, close } = await rawDatabase(TEST_DIALECT);
    try {
      const first = migrationsFor(TEST_DIALECT)['0001-leads'];
      if (!first) throw new Error('no 0001 migration');
      const schema = TEST_DIALECT === 'postgres' ? await currentSchema(db) : undefined;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve({ '0001-leads': first }) },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const lead = {
        tcpa: 'I agree to be contacted.',
        landing_page_url: 'https://example.com/survey?sub1=x',
        ip_address: '203.0.113.9',
        user_agent: 'old-agent',
        leadid_token: 'LEADID-1',
        sec_gpc: 'yes',
      };
      await sql`insert into leads (id, received_at, variant, language, email, phone, zip_code, state, affid, oid,
        sub_id, lead_is_qualified, is_disqualified, submission, lead)
        values ('old', '2026-01-01T00:00:00.000Z', 'extended', 'en', 'a@example.com', '5125550100', '78701', 'TX',
        '1', '81', '1', 'yes', 0, '{}', ${JSON.stringify(lead)})`.execute(db);

      await migrateToLatest(db, TEST_DIALECT);

      const { rows } = await sql<Record<string, string>>`select tcpa, landing_page_url, ip_address, user_agent,
        trusted_form_cert_id, jornaya_leadid, sec_gpc from leads where id = 'old'`.execute(db);
      expect(rows[0]).toEqual({
        tcpa: 'I agree to be contacted.',
        landing_page_url: 'https://example.com/survey?sub1=x',
        ip_address: '203.0.113.9',
        user_agent: 'old-agent',
        trusted_form_cert_id: '',
        jornaya_leadid: 'LEADID-1',
        sec_gpc: 'yes',
      });
    } finally {
      await close();
    }
  });

  it('fills the folded name key of leads stored before 0023, not of anonymized ones (issue 29)', async () => {
    const { db, close } = await rawDatabase(TEST_DIALECT);
    try {
      const before = Object.fromEntries(Object.entries(migrationsFor(TEST_DIALECT)).filter(([name]) => name < '0023'));
      const schema = TEST_DIALECT === 'postgres' ? await currentSchema(db) : undefined;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(before) },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const stored = [
        ['a-jose', { first_name: 'José', last_name: 'Núñez' }, null],
        ['b-dung', { first_name: 'DŨNG', last_name: 'Phạm' }, null],
        ['c-gone', { first_name: '', last_name: '' }, '2026-02-01T00:00:00.000Z'],
      ] as const;
      for (const [id, lead, anonymizedAt] of stored) {
        await sql`insert into leads (id, received_at, variant, language, email, phone, zip_code, state, affid, oid,
          sub_id, lead_is_qualified, is_disqualified, submission, lead, anonymized_at)
          values (${id}, '2026-01-01T00:00:00.000Z', 'extended', 'en', '', '', '78701', 'TX', '1', '81', '1', 'yes',
          0, '{}', ${JSON.stringify(lead)}, ${anonymizedAt})`.execute(db);
      }

      await migrateToLatest(db, TEST_DIALECT);

      const { rows } = await sql<{ id: string; name_key: string }>`select id, name_key from leads order by id`.execute(
        db,
      );
      expect(rows).toEqual([
        { id: 'a-jose', name_key: 'jose nunez' },
        { id: 'b-dung', name_key: 'dung pham' },
        { id: 'c-gone', name_key: '' },
      ]);
    } finally {
      await close();
    }
  });

  // Separate pools are separate PostgreSQL sessions, as separate server processes would be.
  it.runIf(TEST_DIALECT === 'postgres')('migrates once when four servers start at once on one schema', async () => {
    const schema = await createTestSchema();
    try {
      const dbs = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ dataDir: '', databaseUrl: schema.url })),
      );
      try {
        for (const db of dbs) expect(await appliedMigrations(db)).toEqual(MIGRATION_NAMES);
        const { rows } = await sql<{ n: string }>`select count(*) as n from kysely_migration`.execute(dbs[0]!);
        expect(Number(rows[0]?.n)).toBe(MIGRATION_NAMES.length);
      } finally {
        await Promise.all(dbs.map((db) => db.destroy()));
      }
    } finally {
      await schema.drop();
    }
  });

  it.runIf(TEST_DIALECT === 'postgres')('keeps the migration bookkeeping of two schemas apart', async () => {
    // A second schema migrated after this file's own: Kysely must not take this schema's tables for its own.
    const other = await createTestSchema();
    try {
      const db = await openDatabase({ dataDir: '', databaseUrl: other.url });
      try {
        const { rows } = await sql<{ schema: string }>`select table_schema as schema from information_schema.tables
          where table_name = 'kysely_migration' and table_schema = ${other.name}`.execute(db);
        expect(rows).toHaveLength(1);
      } finally {
        await db.destroy();
      }
    } finally {
      await other.drop();
    }
  });

  it.runIf(TEST_DIALECT === 'postgres')(
    'names the server, without the password, when PostgreSQL cannot be reached',
    async () => {
      await expect(
        openDatabase({ dataDir: '', databaseUrl: 'postgres://someone:s3cret@127.0.0.1:1/nowhere' }),
      ).rejects.toThrow(/^PostgreSQL at postgres:\/\/someone@127\.0\.0\.1:1\/nowhere: /);
      await expect(
        openDatabase({ dataDir: '', databaseUrl: 'postgres://someone:s3cret@127.0.0.1:1/nowhere' }),
      ).rejects.not.toThrow(/s3cret/);
    },
  );
});

/** An empty database of the dialect, not migrated. */
async function rawDatabase(dialect: DbDialect): Promise<{ db: Kysely<unknown>; close: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const schema = await createTestSchema();
    const db = new Kysely<unknown>({
      dialect: new CurrentSchemaPostgresDialect({ pool: new Pool({ connectionString: schema.url }) }),
    });
    return {
      db,
      close: async () => {
        await db.destroy();
        await schema.drop();
      },
    };
  }
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
  return { db, close: () => db.destroy() };
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}
