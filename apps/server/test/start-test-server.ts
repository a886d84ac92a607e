/**
 * Starts the real app on a free port with a fresh database. TEST_DB picks which (vitest.config.ts runs
 * every server test once per database): `sqlite` (default) is a new file in a temp dir; `postgres` is a
 * new schema in the PostgreSQL at TEST_DATABASE_URL, dropped on close. PostgreSQL out of reach fails the
 * tests with its URL: the postgres project never skips.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DbDialect } from '../src/db/db-dialect';
import { openDatabase, SQLITE_FILE_NAME, type DatabaseLocation } from '../src/db/open-database';
import type { Database } from '../src/db/schema';
import type { RateLimitStore } from '../src/http/rate-limit';
import type { Services } from '../src/services';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_DIALECT: DbDialect = testDialect(process.env.TEST_DB);

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: DbDialect;
  /** PostgreSQL: the test's own schema, and the one its delivery queue (pg-boss) uses. */
  schema: string | undefined;
  /** The SQLite file; undefined on PostgreSQL. */
  dbFile: string | undefined;
  /** Where it is, so a second server can open its own connection to it (two instances, one database). */
  location: DatabaseLocation;
  close: () => Promise<void>;
}

export interface TestServer extends TestDatabase {
  url: string;
}

export async function startTestServer(
  options: {
    now?: () => Date;
    webDist?: string;
    rateLimit?: RateLimitStore;
    /** Extra environment (vendor URLs, webhooks, data files), parsed like the real one. */
    env?: Record<string, string>;
    /** Receives the server's log lines (JSON); logging is silent otherwise. */
    logLines?: string[];
    /** Hands the app's services to the test (operator actions with no HTTP API yet: replay, retry). */
    exposeServices?: (services: Services) => void;
    /** A second server instance on this server's database, through a connection of its own. */
    sharing?: TestServer;
  } = {},
): Promise<TestServer> {
  const database = options.sharing ? await reopenTestDatabase(options.sharing) : await openTestDatabase();
  const queueSchema = database.schema === undefined ? undefined : `${database.schema}_queue`;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: options.logLines ? 'info' : 'silent',
    // Tests post the same contact many times; the limit's own tests set it low (intake-limits.test.ts).
    LEAD_LIMIT_PER_CONTACT: '1000',
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...(queueSchema ? { DELIVERY_QUEUE_SCHEMA: queueSchema } : {}),
    ...options.env,
  });
  const lines = options.logLines;
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    ...(options.now ? { now: options.now } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(lines ? { logStream: { write: (line: string) => void lines.push(line) } } : {}),
    ...(options.exposeServices ? { onServices: options.exposeServices } : {}),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...database,
    url: address,
    close: async () => {
      await app.close();
      await database.close();
      // The queue is the database owner's to drop, not a second instance's.
      if (queueSchema && !options.sharing) await adminQuery(`drop schema if exists ${queueSchema} cascade`);
    },
  };
}

/** A fresh, migrated database of the TEST_DB dialect, without the app (store tests). */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (TEST_DIALECT === 'postgres') {
    const schema = await createTestSchema();
    const db = await openDatabase({ dataDir: '', databaseUrl: schema.url }).catch(async (error: unknown) => {
      await schema.drop();
      throw error;
    });
    return {
      db,
      dialect: 'postgres',
      schema: schema.name,
      dbFile: undefined,
      location: { dataDir: '', databaseUrl: schema.url },
      close: async () => {
        await db.destroy();
        await schema.drop();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-test-'));
  const db = await openDatabase({ dataDir });
  return {
    db,
    dialect: 'sqlite',
    schema: undefined,
    dbFile: path.join(dataDir, SQLITE_FILE_NAME),
    location: { dataDir },
    close: async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Another connection to a test server's database; closing it leaves the database to its owner. */
async function reopenTestDatabase(owner: TestDatabase): Promise<TestDatabase> {
  const db = await openDatabase(owner.location);
  return { ...owner, db, close: () => db.destroy() };
}

/** A new empty schema in the test PostgreSQL and a URL whose connections use it (search_path). */
export async function createTestSchema(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create schema ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${name}`);
  return { name, url: url.toString(), drop: () => adminQuery(`drop schema if exists ${name} cascade`) };
}

/** One statement on the test PostgreSQL itself (not a test schema); unreachable fails naming the URL. */
export async function adminQuery(statement: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is unreachable at ${TEST_DATABASE_URL} (${error instanceof Error ? error.message : String(error)}). ` +
        'The server-postgres tests need it: start PostgreSQL there or set TEST_DATABASE_URL.',
      { cause: error },
    );
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function testDialect(value: string | undefined): DbDialect {
  if (value === undefined || value === '' || value === 'sqlite') return 'sqlite';
  if (value === 'postgres') return 'postgres';
  throw new Error(`TEST_DB must be sqlite or postgres, not ${value}`);
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
