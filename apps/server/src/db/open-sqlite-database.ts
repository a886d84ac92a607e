/**
 * Opens the embedded SQLite database. WAL with synchronous=FULL: a lead is on disk when the insert
 * returns, so a 2xx answer never covers a lead a crash could lose (architecture principle 3;
 * https://www.sqlite.org/pragma.html#pragma_synchronous). Concurrent requests' writes share one commit
 * (db/group-commit-sqlite-dialect.ts), each answered after it.
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { attachGroupCommit, CommitFeed } from './commit-feed';
import { groupCommitSqliteDialects } from './group-commit-sqlite-dialect';
import { prepareDatabaseFiles } from './file-modes';
import { migrateToLatest, migrationStatus, refuseNewerSchema } from './migrations';
import type { Database } from './schema';

export const SQLITE_FILE_NAME = 'funnel.sqlite';
/** How long a process waits for another's migrations on the same file before giving up. */
const MIGRATION_WAIT_MS = 60_000;

export async function openSqliteDatabase(
  dataDir: string,
  options: { onMigrated?: ((names: readonly string[]) => void) | undefined } = {},
): Promise<Kysely<Database>> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  // Folder 0700, files 0600: the data is the visitors' (db/file-modes.ts).
  prepareDatabaseFiles(dataDir, [file, `${file}-wal`, `${file}-shm`]);
  const sqlite = new SqliteDatabase(file);
  // The wait first: turning a new file to WAL takes a lock another process opening it may hold (issue 30).
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Migrations one statement at a time (DDL and pragmas), then the app's writes in group commits (issue 15).
  // Issue 30: all of them in one transaction holding the file's write lock (BEGIN IMMEDIATE), so a second
  // process opening the file at once (a command beside a starting server) waits, then finds nothing to do,
  // and a failed migration leaves the schema as it was.
  // Only when something is pending: a file already at this release is opened without a write lock (a second
  // instance in this process, tests' `sharing`, must not wait on the first one's open group commit).
  const migrating = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await refuseNewerSchema(migrating, 'sqlite');
    if ((await migrationStatus(migrating, 'sqlite')).pending.length > 0) {
      sqlite.pragma(`busy_timeout = ${MIGRATION_WAIT_MS}`);
      sqlite.exec('BEGIN IMMEDIATE');
      const applied = await migrateToLatest(migrating, 'sqlite');
      sqlite.exec('COMMIT');
      options.onMigrated?.(applied);
      sqlite.pragma('busy_timeout = 5000');
    }
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    await migrating.destroy();
    throw error;
  }
  // The group-commit driver waits for another connection's write lock asynchronously, not blocking the thread.
  sqlite.pragma('busy_timeout = 0');
  const feed = new CommitFeed();
  const dialects = groupCommitSqliteDialects(sqlite, feed.emit);
  const db = new Kysely<Database>({ dialect: dialects.safe });
  const requestDb = new Kysely<Database>({ dialect: dialects.deferred });
  attachGroupCommit(db, { feed, requestDb, barrier: dialects.barrier });
  return db;
}
