/**
 * `npm run migrate` (issue 30): brings the database (DATABASE_URL, else SQLite in DATA_DIR) to this
 * release's schema without starting a server, as an upgrade's first step (docs/operations.md). Servers
 * still migrate at start; running this first makes the upgrade's slow part happen once, before the new
 * instances start. Safe beside running instances (a PostgreSQL advisory lock; SQLite's write lock).
 *
 *   npm run migrate             apply what is pending, naming each migration
 *   npm run migrate -- status   applied, pending and unknown (a newer release's) migrations
 *
 * Built: `node apps/server/dist/migrate.js`. Exits 0 when up to date, 1 on an error or a schema newer
 * than this release, 3 for `status` with migrations pending.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Pool } from 'pg';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { CurrentSchemaPostgresDialect } from './db/current-schema-postgres-dialect';
import { databaseSettings, type DatabaseSettings } from './db/database-settings';
import { migrationStatus, type MigrationStatus } from './db/migrations';
import { openDatabase, SQLITE_FILE_NAME } from './db/open-database';
import { describePostgresUrl } from './db/open-postgres-database';
import { RELEASE_VERSION } from './release';

/** The schema as it is, read without changing anything (a file not there yet: nothing applied). */
async function readStatus(settings: DatabaseSettings): Promise<MigrationStatus | undefined> {
  if (settings.databaseUrl) {
    const db = new Kysely<unknown>({
      dialect: new CurrentSchemaPostgresDialect({ pool: new Pool({ connectionString: settings.databaseUrl, max: 1 }) }),
    });
    try {
      return await migrationStatus(db, 'postgres');
    } finally {
      await db.destroy();
    }
  }
  const file = path.join(settings.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(file)) return undefined;
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(file, { readonly: true, fileMustExist: true }) }),
  });
  try {
    return await migrationStatus(db, 'sqlite');
  } finally {
    await db.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const settings = databaseSettings();
  const where = settings.databaseUrl
    ? `PostgreSQL at ${describePostgresUrl(settings.databaseUrl)}`
    : `SQLite in ${path.resolve(settings.dataDir)}`;
  const before = await readStatus(settings);
  if (argv[0] === 'status') {
    const status = before ?? { applied: [], pending: [], unknown: [] };
    const pending = before ? status.pending : ['(every migration: the database file does not exist yet)'];
    console.log(`Release ${RELEASE_VERSION}, ${where}`);
    console.log(`applied: ${status.applied.length}${status.applied.length ? ` (last ${status.applied.at(-1)})` : ''}`);
    console.log(`pending: ${pending.length ? pending.join(', ') : 'none'}`);
    if (status.unknown.length) console.log(`unknown (a newer release's): ${status.unknown.join(', ')}`);
    return status.unknown.length ? 1 : pending.length ? 3 : 0;
  }
  if (argv.length > 0) {
    console.error('usage: npm run migrate [-- status]');
    return 2;
  }
  // Opening migrates, in the way the server does (and refuses a newer schema with what to do). What this
  // process applied, not what changed since `before`: a second `migrate` (or a server) run at once may apply
  // them while this one waits for its lock, and this one then applies none.
  let applied: readonly string[] = [];
  const db = await openDatabase({
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    onMigrated: (names) => (applied = names),
  });
  await db.destroy();
  const after = await readStatus(settings);
  for (const name of applied) console.log(`applied ${name}`);
  console.log(
    `${where}: schema up to date for release ${RELEASE_VERSION} (${after?.applied.length ?? 0} migrations, ${applied.length} new)`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
