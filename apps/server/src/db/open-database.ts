/** Opens the database the config names: PostgreSQL when DATABASE_URL is set, else SQLite in DATA_DIR. */
import type { Kysely } from 'kysely';
import { openPostgresDatabase, type PostgresOptions } from './open-postgres-database';
import { openSqliteDatabase } from './open-sqlite-database';
import type { Database } from './schema';

export { SQLITE_FILE_NAME } from './open-sqlite-database';

export interface DatabaseLocation extends PostgresOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export function openDatabase(location: DatabaseLocation): Promise<Kysely<Database>> {
  return location.databaseUrl
    ? openPostgresDatabase(location.databaseUrl, location)
    : openSqliteDatabase(location.dataDir, location);
}
