/**
 * Opens PostgreSQL (DATABASE_URL), shared by any number of server processes. Each connection runs with
 * synchronous_commit=on, whatever the server's default: like SQLite's synchronous=FULL, a commit is on
 * disk before the insert returns, so a 2xx answer never covers a lead a crash could lose.
 * The schema is the URL's search_path (`?options=-c%20search_path%3Dfunnel`), public by default.
 * Issue 31: every statement and every wait for a connection is bounded (db/bounded-postgres-pool.ts);
 * migrations run first on a connection of their own without those bounds (a second instance waits for the
 * first one's migration lock).
 */
import { CompiledQuery, Kysely } from 'kysely';
import { Pool } from 'pg';
import { boundedPostgresPool, DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './bounded-postgres-pool';
import { CurrentSchemaPostgresDialect } from './current-schema-postgres-dialect';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export interface PostgresOptions {
  /** An idle pooled connection failed (say, PostgreSQL restarted). The pool replaces it; this only reports. */
  onPoolError?: (error: Error) => void;
  /** Bounds of statements and connections; DEFAULT_POSTGRES_TIMEOUTS when absent. */
  timeouts?: PostgresTimeouts | undefined;
  /**
   * The migrations this process applied while opening (none when another process had applied them: `npm run
   * migrate` reports these, not a before/after difference another process's migration would fill).
   */
  onMigrated?: ((names: readonly string[]) => void) | undefined;
}

export async function openPostgresDatabase(url: string, options: PostgresOptions = {}): Promise<Kysely<Database>> {
  const reportError = options.onPoolError ?? ((error: Error) => console.error(`PostgreSQL: ${error.message}`));
  const migrating = new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({
      pool: new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 }),
    }),
  });
  try {
    const applied = await migrateToLatest(migrating, 'postgres');
    options.onMigrated?.(applied);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`PostgreSQL at ${describePostgresUrl(url)}: ${reason}`, { cause: error });
  } finally {
    await migrating.destroy();
  }

  const bounded = boundedPostgresPool(url, options.timeouts ?? DEFAULT_POSTGRES_TIMEOUTS);
  // Without a listener, an idle connection's error would be thrown and end the process.
  bounded.pool.on('error', reportError);
  return new Kysely<Database>({
    dialect: new CurrentSchemaPostgresDialect({
      pool: bounded,
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw('set synchronous_commit = on'));
      },
    }),
  });
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
