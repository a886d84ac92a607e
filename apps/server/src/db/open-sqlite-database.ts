/**
 * Opens the embedded SQLite database. WAL with synchronous=FULL: a lead is on disk when the insert
 * returns, so a 2xx answer never covers a lead a crash could lose (architecture principle 3;
 * https://www.sqlite.org/pragma.html#pragma_synchronous).
 */
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { prepareDatabaseFiles } from './file-modes';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export const SQLITE_FILE_NAME = 'funnel.sqlite';

export async function openSqliteDatabase(dataDir: string): Promise<Kysely<Database>> {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  // Folder 0700, files 0600: the data is the visitors' (db/file-modes.ts).
  prepareDatabaseFiles(dataDir, [file, `${file}-wal`, `${file}-shm`]);
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db, 'sqlite');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
