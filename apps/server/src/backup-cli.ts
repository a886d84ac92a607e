/**
 * `npm run backup [-- FILE]` (issue 30): a consistent copy of the database while the servers run.
 * - SQLite: SQLite's online backup API (better-sqlite3's `backup`), page by page beside the writers; the
 *   copy is a database file like the original (0600). Default FILE: DATA_DIR/backups/funnel-STAMP.sqlite.
 * - PostgreSQL: `pg_dump --format=custom` of the app's schema (DATABASE_URL's search_path, public by
 *   default) and the delivery queue's (DELIVERY_QUEUE_SCHEMA), one snapshot. Default FILE:
 *   ./funnel-STAMP.dump. pg_dump must be installed, of the server's major version or later.
 * `npm run restore -- FILE` puts one back (restore-cli.ts); docs/operations.md has the whole procedure.
 * Built: `node apps/server/dist/backup.js`. Prints the file written; exits 1 on an error.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { databaseSettings } from './db/database-settings';
import { libpqUrl } from './db/open-postgres-database';
import { openDatabase, SQLITE_FILE_NAME } from './db/open-database';
import { currentSchemaOf } from './db/migrations';

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function main(argv: string[]): Promise<number> {
  const settings = databaseSettings();
  if (argv.length > 1) {
    console.error('usage: npm run backup [-- FILE]');
    return 2;
  }
  if (settings.databaseUrl) {
    const file = path.resolve(argv[0] ?? `funnel-${stamp()}.dump`);
    // The app's schema, as the server sees it (and migrated, so the dump is of this release's schema).
    const db = await openDatabase({ dataDir: settings.dataDir, databaseUrl: settings.databaseUrl });
    const schema = await currentSchemaOf(db).finally(() => db.destroy());
    const dump = spawnSync(
      'pg_dump',
      [
        '--format=custom',
        `--file=${file}`,
        `--schema=${schema}`,
        `--schema=${settings.queueSchema}`,
        libpqUrl(settings.databaseUrl),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (dump.error) throw new Error(`pg_dump could not run (${dump.error.message}): install PostgreSQL's client tools`);
    if (dump.status !== 0) return 1;
    chmodSync(file, 0o600);
    console.log(`Backed up schemas ${schema} and ${settings.queueSchema} to ${file}`);
    return 0;
  }
  const source = path.join(settings.dataDir, SQLITE_FILE_NAME);
  const file = path.resolve(argv[0] ?? path.join(settings.dataDir, 'backups', `funnel-${stamp()}.sqlite`));
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new SqliteDatabase(source, { fileMustExist: true });
  try {
    await sqlite.backup(file);
  } finally {
    sqlite.close();
  }
  chmodSync(file, 0o600);
  console.log(`Backed up ${source} to ${file}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
