/**
 * Issue 31: node-postgres's pool, with every wait bounded and a connection that stopped answering thrown
 * away. A frozen PostgreSQL (SIGSTOP, a stalled disk) keeps its sockets open and answers nothing: only the
 * client's own time-outs notice. `connectionTimeoutMillis` bounds getting a connection (a new one, or
 * waiting for a free one); `query_timeout` bounds each statement on the client's side, `statement_timeout`
 * on the server's (a live server that is merely slow or locked).
 *
 * A statement that timed out on the client's side may still run, and commit, once the server wakes: its
 * connection is never used again (released with an error, so the pool closes it), lest the next request's
 * statements land inside that transaction. Its other queued statements (Kysely's rollback) fail at once.
 *
 * Issue 32: a statement with parameters runs as a named prepared statement (statement-names.ts), parsed and
 * planned once per connection instead of at every call: PostgreSQL's CPU per auctioned lead fell by about a
 * third (ADR 0025).
 */
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult, PostgresCursor } from 'kysely';
import { Pool, type PoolClient } from 'pg';
import { createStatementNames } from './statement-names';

export interface PostgresTimeouts {
  /** One statement: the client gives up, and the server cancels it, after this long. */
  queryTimeoutMs: number;
  /** Getting a connection from the pool (opening one included). */
  connectTimeoutMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { queryTimeoutMs: 5_000, connectTimeoutMs: 3_000 };

const LOST = 'the database connection was lost: the statement may not have run';

const COMMANDS = ['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'] as const;

/** Kysely reads the command only to count the rows a write touched. */
function commandOf(command: string): PostgresQueryResult<unknown>['command'] {
  return COMMANDS.find((known) => known === command) ?? 'SELECT';
}

type StatementNames = ReturnType<typeof createStatementNames>;

class BoundedClient implements PostgresPoolClient {
  #lost = false;
  readonly #client: PoolClient;
  readonly #names: StatementNames;

  constructor(client: PoolClient, names: StatementNames) {
    this.#client = client;
    this.#names = names;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    input: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof input !== 'string') throw new Error('The server streams no query through a cursor');
    if (this.#lost) return Promise.reject(new Error(LOST));
    const values = [...parameters];
    const name = this.#names.nameOf(input);
    const sent =
      name === undefined ? this.#client.query(input, values) : this.#client.query({ name, text: input, values });
    return sent.then(
      (result) => ({ command: commandOf(result.command), rowCount: result.rowCount ?? 0, rows: result.rows }),
      (error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') this.#lost = true;
        this.#names.failed(error);
        throw error;
      },
    );
  }

  release(): void {
    this.#client.release(this.#lost ? new Error(LOST) : undefined);
  }
}

export interface BoundedPool extends PostgresPool {
  /** The pool itself, for its error events. */
  pool: Pool;
}

export function boundedPostgresPool(url: string, timeouts: PostgresTimeouts): BoundedPool {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    query_timeout: timeouts.queryTimeoutMs,
    statement_timeout: timeouts.queryTimeoutMs,
  });
  // A connection lost while checked out (the server shut down between two statements of a transaction)
  // emits 'error' on its client, which pg-pool listens to only while the client is idle: unheard, it would
  // end the process. It is reported like an idle one; the statement waiting on it fails on its own.
  pool.on('connect', (client) => {
    client.on('error', (error) => pool.emit('error', error, client));
  });
  // Kysely keeps one connection object per client it is handed: one wrapper per pooled client.
  const wrappers = new WeakMap<PoolClient, BoundedClient>();
  const names = createStatementNames();
  return {
    pool,
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new BoundedClient(client, names);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
