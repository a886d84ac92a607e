/**
 * Opens PostgreSQL (DATABASE_URL), shared by any number of server processes. Each connection runs with
 * synchronous_commit=on, whatever the server's default: like SQLite's synchronous=FULL, a commit is on
 * disk before the insert returns, so a 2xx answer never covers a lead a crash could lose.
 * The schema is the URL's search_path (`?options=-c%20search_path%3Dfunnel`), public by default.
 */
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export interface PostgresOptions {
  /** An idle pooled connection failed (say, PostgreSQL restarted). The pool replaces it; this only reports. */
  onPoolError?: (error: Error) => void;
}

export async function openPostgresDatabase(url: string, options: PostgresOptions = {}): Promise<Kysely<Database>> {
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
  // Without a listener, an idle connection's error would be thrown and end the process.
  pool.on('error', options.onPoolError ?? ((error) => console.error(`PostgreSQL: ${error.message}`)));
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('set synchronous_commit = on'));
      },
    }),
  });
  try {
    await migrateToLatest(db, 'postgres');
  } catch (error) {
    await db.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`PostgreSQL at ${describePostgresUrl(url)}: ${reason}`, { cause: error });
  }
  return db;
}

/** The URL without its password, for logs and errors. */
export function describePostgresUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.search = '';
  return parsed.toString();
}

/**
 * The URL as libpq (pg_dump, pg_restore, psql) reads it: its query re-encoded with %20 for spaces, since
 * libpq takes a `+` literally where node-postgres (and URLSearchParams) read a space
 * (`?options=-c+search_path%3Dfunnel`).
 */
export function libpqUrl(url: string): string {
  const parsed = new URL(url);
  const query = [...parsed.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  parsed.search = query;
  return parsed.toString();
}
