/**
 * Names for PostgreSQL prepared statements (issue 32; ADR 0025). node-postgres prepares a query given a
 * `name` once per connection and afterwards only binds and executes it, so PostgreSQL parses and plans
 * each of the server's statements once per connection instead of at every call (an auctioned lead runs
 * about thirty). One name per distinct SQL text, for the whole process: node-postgres refuses a name
 * reused for another text, and every pooled connection prepares a name on its first use.
 *
 * Not named, so left to PostgreSQL's unnamed statement as before:
 * - a statement without parameters (BEGIN, COMMIT, SET…): nothing to plan once;
 * - a statement with `*` (`select *`, `returning *`): a column added by a newer server's migration changes
 *   its result's shape, which a prepared statement refuses ("cached plan must not change result type")
 *   during a rolling upgrade (ADR 0027);
 * - any text once MAX_NAMED are in use: a statement with a list of values (`in ($1, $2…)`) has one text per
 *   length, and each connection keeps what it prepared.
 * If PostgreSQL still refuses a prepared statement (a column's type changed under it, or it was
 * deallocated), every name is renewed: each connection prepares its statements again on their next use.
 */
export const MAX_NAMED = 2000;

/** PostgreSQL's codes for a prepared statement it cannot use any more. */
const STALE_PREPARED_STATEMENT = new Set(['0A000', '26000']);

export interface StatementNames {
  /** The name to prepare `sql` under, or undefined to run it unnamed. */
  nameOf(sql: string): string | undefined;
  /** A statement failed: if PostgreSQL refused a prepared statement, names are renewed. */
  failed(error: unknown): void;
}

export function createStatementNames(): StatementNames {
  let generation = 0;
  let names = new Map<string, string>();
  return {
    nameOf(sql) {
      const known = names.get(sql);
      if (known !== undefined) return known;
      if (names.size >= MAX_NAMED || !sql.includes('$1') || sql.includes('*')) return undefined;
      const name = `funnel_${generation}_${names.size}`;
      names.set(sql, name);
      return name;
    },
    failed(error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (typeof code !== 'string' || !STALE_PREPARED_STATEMENT.has(code)) return;
      generation += 1;
      names = new Map();
    },
  };
}
