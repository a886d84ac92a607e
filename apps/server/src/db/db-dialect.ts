import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from './schema';

/** The two databases the server runs on: embedded SQLite by default, PostgreSQL when DATABASE_URL is set. */
export type DbDialect = 'sqlite' | 'postgres';

/**
 * Whether this database runs a data-modifying `WITH` (PostgreSQL; SQLite has none): a write folded into
 * another statement as one, to save a round trip (issue 15).
 */
export function runsWritesInWith(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The dialect a connection speaks, for the few queries whose SQL differs (JSON fields). */
export function dialectOf(db: Kysely<Database>): DbDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
