/**
 * The SQLite files hold leads: only the server's own user may read them (issue 9). The data folder is
 * made 0700 and the database file 0600 before SQLite opens it; SQLite gives its -wal and -shm files the
 * database file's permissions (https://www.sqlite.org/src/doc/trunk/src/os_unix.c, findCreateFileMode).
 * An existing folder or file is tightened the same way at every start.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

export const DATA_DIR_MODE = 0o700;
export const DATABASE_FILE_MODE = 0o600;

export function prepareDatabaseFiles(dataDir: string, files: readonly string[]): void {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
  const [database, ...companions] = files;
  if (database !== undefined) closeSync(openSync(database, 'a', DATABASE_FILE_MODE));
  for (const file of [database, ...companions]) {
    if (file !== undefined && existsSync(file)) chmodSync(file, DATABASE_FILE_MODE);
  }
}
