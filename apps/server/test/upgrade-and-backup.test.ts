/**
 * Issue 30, item 5 (upgrade, rollback, backup), on SQLite and PostgreSQL (TEST_DB), with the commands run
 * as an operator runs them, each in its own process:
 * - "`npm run migrate` (and its built form)": a new database migrated, `status` up to date;
 * - "an older build refuses a newer schema without saying what to do" → it says what to do;
 * - "backup → restore → start → the leads are there": the backup taken while the server runs, restored into
 *   a fresh file or database, a server started on it answers the stored lead's id as already stored;
 * - "a lock that keeps a second process off one SQLite file with a clear message" (and no migration race).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../src/db/migrations';
import { openDatabase } from '../src/db/open-database';
import { leadBody } from './lead-body';
import { startServerProcess, type ServerProcess } from './delivery/server-process';
import {
  adminQuery,
  createTestSchema,
  openTestDatabase,
  postJson,
  TEST_DATABASE_URL,
  TEST_DIALECT,
} from './start-test-server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh place for a database of the TEST_DB kind, as the environment a command or server gets. */
async function freshLocation(): Promise<Record<string, string>> {
  if (TEST_DIALECT === 'postgres') {
    const schema = await createTestSchema();
    cleanups.push(schema.drop, () => adminQuery(`drop schema if exists ${schema.name}_queue cascade`));
    return { DATABASE_URL: schema.url, DELIVERY_QUEUE_SCHEMA: `${schema.name}_queue` };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-upgrade-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { DATA_DIR: dataDir };
}

/** A command of apps/server/src (`migrate-cli.ts`, …) in its own process; its exit code, out and err. */
function command(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/${script}`, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
      timeout: 60_000,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe(`npm run migrate (${TEST_DIALECT})`, () => {
  it('migrates a new database, naming each migration, then reports it up to date', async () => {
    const env = await freshLocation();
    const before = await command('migrate-cli.ts', ['status'], env);
    expect(before.code).toBe(3);
    const migrated = await command('migrate-cli.ts', [], env);
    expect(migrated.code).toBe(0);
    expect(migrated.out).toContain(`applied ${MIGRATION_NAMES[0]}`);
    expect(migrated.out).toContain(`schema up to date for release 1.0.0 (${MIGRATION_NAMES.length} migrations`);
    const after = await command('migrate-cli.ts', ['status'], env);
    expect(after).toMatchObject({ code: 0 });
    expect(after.out).toContain('pending: none');
  }, 60_000);
});

describe(`a schema newer than this build (${TEST_DIALECT})`, () => {
  it('is refused at start and by migrate, saying which migration and what to do', async () => {
    const database = await openTestDatabase();
    cleanups.push(database.close);
    const table = database.schema ? sql.table(`${database.schema}.kysely_migration`) : sql.table('kysely_migration');
    await sql`insert into ${table} (name, timestamp) values ('9999-from-a-newer-release', '2099-01-01T00:00:00.000Z')`.execute(
      database.db,
    );
    const refusal = await openDatabase(database.location).then(
      () => 'opened',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(refusal).toContain(
      "The database's schema is newer than this release: it has migration(s) 9999-from-a-newer-release",
    );
    expect(refusal).toContain('run that release or a later one, or restore the backup taken before the upgrade');
    const status = await command(
      'migrate-cli.ts',
      ['status'],
      database.location.databaseUrl
        ? { DATABASE_URL: database.location.databaseUrl }
        : { DATA_DIR: database.location.dataDir },
    );
    expect(status.code).toBe(1);
    expect(status.out).toContain("unknown (a newer release's): 9999-from-a-newer-release");
  }, 60_000);
});

describe(`backup, restore, start (${TEST_DIALECT})`, () => {
  it('backs up while the server runs, restores into a fresh database, and a server on it has the leads', async () => {
    const env = await freshLocation();
    const server = await startServerProcess({ ...env, DELIVERY_WORKER: 'off' });
    const lead = leadBody({ email: `backup.${Date.now()}@example.com` });
    let stopped = false;
    cleanups.push(() => (stopped ? undefined : server.stop()));
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);

    const backupDir = mkdtempSync(path.join(tmpdir(), 'funnel-backups-'));
    cleanups.push(() => rmSync(backupDir, { recursive: true, force: true }));
    const file = path.join(backupDir, TEST_DIALECT === 'postgres' ? 'funnel.dump' : 'funnel.sqlite');
    const backup = await command('backup-cli.ts', [file], env);
    expect(backup, backup.err).toMatchObject({ code: 0 });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await server.stop();
    stopped = true;

    const target = await freshTarget(env);
    const restore = await command('restore-cli.ts', [file], target);
    expect(restore, restore.err).toMatchObject({ code: 0 });
    expect(restore.out).toContain('Restored: 1 leads');
    const restored: ServerProcess = await startServerProcess({ ...target, DELIVERY_WORKER: 'off' });
    cleanups.push(() => restored.stop());
    // The stored lead's id posted again answers 200 (a repeat of a stored lead), not 201.
    const again = await postJson(`${restored.url}/post-lead`, lead);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: lead.lead_id });
  }, 120_000);

  it.runIf(TEST_DIALECT === 'postgres')(
    'refuses to restore over a database that holds the funnel’s tables',
    async () => {
      const env = await freshLocation();
      expect((await command('migrate-cli.ts', [], env)).code).toBe(0);
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'funnel-backups-')), 'backup');
      expect((await command('backup-cli.ts', [file], env)).code).toBe(0);
      const refused = await command('restore-cli.ts', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('DATABASE_URL already holds the funnel’s tables: restore into a new database');
    },
    60_000,
  );
});

/** Where a restore goes: a new SQLite folder, or a new PostgreSQL database (the dump brings its schemas). */
async function freshTarget(source: Record<string, string>): Promise<Record<string, string>> {
  if (TEST_DIALECT === 'sqlite') return freshLocation();
  const name = `restore_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  url.search = new URL(String(source.DATABASE_URL)).search;
  return { ...source, DATABASE_URL: url.toString() };
}

describe.runIf(TEST_DIALECT === 'sqlite')('one server process per SQLite file', () => {
  it('refuses a second server and a restore on the folder, naming the first; a SIGKILLed one leaves no stale lock', async () => {
    const env = await freshLocation();
    const first = await startServerProcess({ ...env, DELIVERY_WORKER: 'off' });
    const second = await startServerProcess({ ...env, DELIVERY_WORKER: 'off' }).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(second).toContain(`the SQLite database is in use by process ${first.child.pid}`);
    expect(second).toContain('One server process runs on a SQLite file');
    // A restore replaces the file: refused while the server runs, before anything moves.
    const file = path.join(String(env.DATA_DIR), 'backups', 'now.sqlite');
    expect((await command('backup-cli.ts', [file], env)).code).toBe(0);
    const restore = await command('restore-cli.ts', [file], env);
    expect(restore.code).toBe(1);
    expect(restore.err).toMatch(/the SQLite database is in use by process \d+ on .+, started /);
    await first.kill();
    const third = await startServerProcess({ ...env, DELIVERY_WORKER: 'off' });
    await third.stop();
  }, 90_000);

  it('two migrations at once on one new file: both succeed, the schema is made once', async () => {
    const env = await freshLocation();
    const [a, b] = await Promise.all([command('migrate-cli.ts', [], env), command('migrate-cli.ts', [], env)]);
    expect([a.code, b.code], `${a.err}${b.err}`).toEqual([0, 0]);
    const applied = [a.out, b.out].join('\n').match(/^applied /gm) ?? [];
    expect(applied).toHaveLength(MIGRATION_NAMES.length);
    expect(existsSync(path.join(String(env.DATA_DIR), 'funnel.sqlite'))).toBe(true);
  }, 60_000);
});
