/**
 * `npm run restore -- FILE` (issue 30): puts a backup of `npm run backup` back, then checks that this
 * release can start on it (its migrations applied; a backup from a newer release is refused).
 * - SQLite: only with no server running on DATA_DIR (it takes the server's lock). The backup is checked
 *   (integrity, the funnel's tables) before anything moves; the current file, if any, is kept beside it
 *   as funnel.sqlite.before-restore-STAMP, then the backup is copied in as funnel.sqlite.
 * - PostgreSQL: `pg_restore` into the database of DATABASE_URL, which must not hold the funnel's tables
 *   yet (a new database, or the schema dropped first): a restore never mixes two databases' rows.
 * Built: `node apps/server/dist/restore.js`. Exits 1 on an error, naming it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import { CurrentSchemaPostgresDialect } from './db/current-schema-postgres-dialect';
import { databaseSettings } from './db/database-settings';
import { libpqUrl } from './db/open-postgres-database';
import { DATABASE_FILE_MODE, prepareDatabaseFiles } from './db/file-modes';
import { migrationStatus, refuseNewerSchema } from './db/migrations';
import { openDatabase, SQLITE_FILE_NAME } from './db/open-database';
import { lockSqliteDataDir } from './db/sqlite-process-lock';

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** A backup file checked before it replaces anything: a sound SQLite file of the funnel, not newer than this build. */
async function checkSqliteBackup(file: string): Promise<void> {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`${file} is damaged: ${String(integrity)}`);
    if ((await migrationStatus(db, 'sqlite')).applied.length === 0) throw new Error(`${file} is not a funnel database`);
    await refuseNewerSchema(db, 'sqlite');
  } finally {
    await db.destroy();
  }
}

async function restoreSqlite(dataDir: string, backup: string): Promise<void> {
  const lock = lockSqliteDataDir(dataDir, 'restores');
  try {
    await checkSqliteBackup(backup);
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    if (existsSync(file)) {
      const aside = `${file}.before-restore-${stamp()}`;
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(`${file}${suffix}`)) renameSync(`${file}${suffix}`, `${aside}${suffix}`);
      }
      console.log(`The current database is kept as ${aside}`);
    }
    prepareDatabaseFiles(dataDir, []);
    copyFileSync(backup, file);
    prepareDatabaseFiles(dataDir, [file]);
    console.log(`Restored ${backup} into ${file} (mode ${DATABASE_FILE_MODE.toString(8)})`);
  } finally {
    lock.release();
  }
}

async function restorePostgres(databaseUrl: string, backup: string): Promise<number> {
  const db = new Kysely<unknown>({
    dialect: new CurrentSchemaPostgresDialect({ pool: new Pool({ connectionString: databaseUrl, max: 1 }) }),
  });
  try {
    // A schema the search_path names but that does not exist yet is empty: the restore creates it.
    const status = await migrationStatus(db, 'postgres').catch((error: unknown) => {
      if (error instanceof Error && error.message.includes('no current schema')) return { applied: [] };
      throw error;
    });
    if (status.applied.length > 0) {
      throw new Error(
        'DATABASE_URL already holds the funnel’s tables: restore into a new database (or drop the schema first), so two databases’ rows never mix',
      );
    }
  } finally {
    await db.destroy();
  }
  const run = spawnSync(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${libpqUrl(databaseUrl)}`, backup],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (run.error) throw new Error(`pg_restore could not run (${run.error.message}): install PostgreSQL's client tools`);
  return run.status === 0 ? 0 : 1;
}

async function main(argv: string[]): Promise<number> {
  const [backup, ...rest] = argv;
  if (!backup || rest.length > 0) {
    console.error('usage: npm run restore -- FILE');
    return 2;
  }
  const file = path.resolve(backup);
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const settings = databaseSettings();
  if (settings.databaseUrl) {
    if ((await restorePostgres(settings.databaseUrl, file)) !== 0) return 1;
  } else {
    await restoreSqlite(settings.dataDir, file);
  }
  // This release on the restored database: migrations applied, as a start would.
  const db = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
  const leads = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .executeTakeFirst();
  await db.destroy();
  console.log(`Restored: ${Number(leads?.count ?? 0)} leads; this release starts on it.`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
