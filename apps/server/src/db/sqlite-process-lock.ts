/**
 * Issue 30: one server process per SQLite file. Two production instances started on one data folder used
 * to race on the migrations and then share a file SQLite's group commit assumes is its own; now the first
 * holds a lock and the second stops, saying which process holds it and what to do (several instances run
 * on PostgreSQL). The lock is SQLite's own: an exclusive transaction kept open on `funnel.sqlite.lock`
 * beside the database, which the operating system releases when the process ends, however it ends (a
 * SIGKILL or a crash leaves no stale lock behind). Operator commands (ops, operator, migrate, backup) do not
 * take it: they run beside the server; `restore` does, since it replaces the file.
 */
import { hostname } from 'node:os';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { prepareDatabaseFiles } from './file-modes';
import { SQLITE_FILE_NAME } from './open-sqlite-database';

export const LOCK_FILE_NAME = `${SQLITE_FILE_NAME}.lock`;
export const OWNER_FILE_NAME = `${SQLITE_FILE_NAME}.owner`;

export interface SqliteProcessLock {
  release(): void;
}

function ownerOf(dataDir: string): string {
  try {
    const owner: unknown = JSON.parse(readFileSync(path.join(dataDir, OWNER_FILE_NAME), 'utf8'));
    if (typeof owner === 'object' && owner !== null && 'pid' in owner && 'host' in owner && 'since' in owner) {
      return `process ${String(owner.pid)} on ${String(owner.host)}, started ${String(owner.since)}`;
    }
  } catch {
    // No owner file (yet): the message goes without it.
  }
  return 'another process';
}

/** Takes the data folder's lock, or throws naming the process that has it. `purpose`: what it is taken for. */
export function lockSqliteDataDir(dataDir: string, purpose = 'serves'): SqliteProcessLock {
  const file = path.join(dataDir, LOCK_FILE_NAME);
  prepareDatabaseFiles(dataDir, [file, `${file}-journal`]);
  const lock = new SqliteDatabase(file);
  lock.pragma('busy_timeout = 0');
  try {
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (error instanceof Error && 'code' in error && error.code === 'SQLITE_BUSY') {
      throw new Error(
        `DATA_DIR ${path.resolve(dataDir)}: the SQLite database is in use by ${ownerOf(dataDir)}. One server ` +
          'process runs on a SQLite file: stop that one first, or run several instances on PostgreSQL ' +
          '(DATABASE_URL, docs/operations.md).',
        { cause: error },
      );
    }
    throw error;
  }
  writeFileSync(
    path.join(dataDir, OWNER_FILE_NAME),
    JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString(), purpose }),
    { mode: 0o600 },
  );
  return {
    release: () => {
      if (lock.inTransaction) lock.exec('ROLLBACK');
      lock.close();
    },
  };
}
