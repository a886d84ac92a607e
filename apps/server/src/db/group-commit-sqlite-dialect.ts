/**
 * SQLite with group commit (issue 15, docs/decisions/0018-group-commit.md): concurrent requests' writes
 * share one transaction, committed (one fsync, WAL with synchronous=FULL) at the end of the event loop's
 * turn in which the first of them ran; every write, and every read made while writes are pending, resolves
 * only once that transaction is committed. So a 2xx answer still follows the commit of everything it wrote
 * or saw, as with one commit per statement, but a hundred leads cost one fsync instead of a hundred (or
 * seven hundred: a lead writes its counters, its checks and itself).
 *
 * Kysely's own SqliteDriver runs each statement and each transaction alone on the one connection; this one
 * keeps that exclusion (a transaction, or a statement, at a time, never interleaved), and maps:
 * - a statement outside a transaction: run at once (inside the open group transaction when it writes);
 * - db.transaction(): a savepoint inside the group transaction, released (or rolled back to, undoing only
 *   that transaction's work) at its end; its commit resolves when the group commits;
 * - a failed group commit (a disk error): the group is rolled back and every statement and transaction of it
 *   rejects, so no request is answered for a write that is not on disk.
 * Prepared statements are kept by SQL text (bounded), as the text of a query rarely changes.
 *
 * Two modes share one connection and one group: `safe` (every write, and every read made while writes are
 * pending, resolves once committed: background work, the CLI) and `deferred`, for HTTP requests: statements
 * resolve at once and the reply waits once, before it is sent, for the commit of the group open then
 * (`barrier`, app.ts), which holds everything the request wrote or saw uncommitted (groups commit in
 * order). A failed commit since the request began turns its reply into a 5xx. A lead then costs one
 * commit wait instead of one per statement.
 */
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type { CommitObserver } from './commit-feed';

const STATEMENT_CACHE_SIZE = 500;
/** How long a write waits for another connection's write lock before it fails with SQLITE_BUSY. */
const BUSY_WAIT_MS = 5_000;

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED');
}
const TRANSACTION_SAVEPOINT = 'group_commit_tx';

class Mutex {
  #locked: Promise<void> | undefined;
  #unlock: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#locked) await this.#locked;
    this.#locked = new Promise((resolve) => (this.#unlock = resolve));
  }

  unlock(): void {
    const unlock = this.#unlock;
    this.#locked = undefined;
    this.#unlock = undefined;
    unlock?.();
  }
}

interface Group {
  writes: number;
  committed: Promise<void>;
  settle: (error?: Error) => void;
}

export type CommitMode = 'safe' | 'deferred';

/** What a request's reply waits on (app.ts): the open group's commit; and how many commits failed so far. */
export interface CommitBarrier {
  barrier(): Promise<void>;
  failures(): number;
}

class GroupCommitDriver {
  readonly #sqlite: BetterSqlite3.Database;
  readonly #observe: CommitObserver | undefined;
  readonly #mutex = new Mutex();
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  #group: Group | undefined;
  #failures = 0;
  #closed = false;
  /** The same driver as seen by the other mode's Kysely instance. */
  readonly modes: Record<CommitMode, Driver>;

  constructor(sqlite: BetterSqlite3.Database, observe?: CommitObserver) {
    this.#sqlite = sqlite;
    this.#observe = observe;
    this.modes = { safe: this.#view('safe'), deferred: this.#view('deferred') };
  }

  readonly commitBarrier: CommitBarrier = {
    barrier: () => this.#group?.committed ?? Promise.resolve(),
    failures: () => this.#failures,
  };

  #view(mode: CommitMode): Driver {
    return {
      init: async () => {},
      acquireConnection: () => Promise.resolve(new GroupConnection(this, mode)),
      releaseConnection: async () => {},
      beginTransaction: (connection) => this.beginTransaction(connection),
      commitTransaction: (connection) => this.commitTransaction(connection),
      rollbackTransaction: (connection) => this.rollbackTransaction(connection),
      savepoint: (connection, name, compile) => this.savepoint(connection, name, compile),
      rollbackToSavepoint: (connection, name, compile) => this.rollbackToSavepoint(connection, name, compile),
      releaseSavepoint: (connection, name, compile) => this.releaseSavepoint(connection, name, compile),
      destroy: () => this.destroy(),
    };
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const own = asGroupConnection(connection);
    await this.#mutex.lock();
    try {
      own.group = await this.#openGroupWhenUnlocked();
      this.#exec(`savepoint ${TRANSACTION_SAVEPOINT}`);
    } catch (error) {
      this.#mutex.unlock();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = asGroupConnection(connection);
    const group = own.group;
    own.group = undefined;
    try {
      this.#exec(`release ${TRANSACTION_SAVEPOINT}`);
      if (group) group.writes += 1;
    } finally {
      this.#mutex.unlock();
    }
    if (own.mode === 'safe') await group?.committed;
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = asGroupConnection(connection);
    own.group = undefined;
    try {
      // The group's transaction may be gone already (an error that rolls back all of it, see SQLite's
      // "Response To Errors Within A Transaction"): then the group has failed as a whole.
      if (this.#sqlite.inTransaction) {
        this.#exec(`rollback to ${TRANSACTION_SAVEPOINT}`);
        this.#exec(`release ${TRANSACTION_SAVEPOINT}`);
      }
    } finally {
      this.#mutex.unlock();
    }
    return Promise.resolve();
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#nested(connection, 'savepoint', name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#nested(connection, 'rollback to', name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#nested(connection, 'release', name, compile);
  }

  async #nested(connection: DatabaseConnection, command: string, name: string, _compile: unknown): Promise<void> {
    if (!/^\w+$/.test(name)) throw new Error(`savepoint name ${name} is not a plain identifier`);
    await connection.executeQuery(CompiledQuery.raw(`${command} ${name}`));
  }

  /** Either mode's Kysely instance closes the one connection, once, committing what is pending. */
  async destroy(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#mutex.lock();
    try {
      if (this.#group) this.#commit(this.#group);
    } finally {
      this.#mutex.unlock();
      this.#sqlite.close();
    }
  }

  /** One statement of a connection: alone, or inside its transaction (which holds the mutex). */
  async run(connection: GroupConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.group) return this.#execute(query, connection.group);
    await this.#mutex.lock();
    let result: QueryResult<unknown>;
    let waitFor: Group | undefined;
    try {
      const statement = this.#statement(query.sql);
      // A read when no write is pending sees only committed rows: answered at once.
      waitFor = statement.readonly ? this.#group : await this.#openGroupWhenUnlocked();
      result = this.#execute(query, waitFor, statement);
      if (!statement.readonly && waitFor) waitFor.writes += 1;
    } finally {
      this.#mutex.unlock();
    }
    if (connection.mode === 'safe') await waitFor?.committed;
    return result;
  }

  #execute(query: CompiledQuery, group: Group | undefined, prepared?: BetterSqlite3.Statement): QueryResult<unknown> {
    const statement = prepared ?? this.#statement(query.sql);
    const parameters = query.parameters;
    try {
      if (statement.reader) return { rows: statement.all(parameters) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      // Most errors undo the statement only; a few (a full disk, an I/O error) end the whole transaction.
      if (group && group === this.#group && !this.#sqlite.inTransaction) this.#fail(group, error);
      throw error;
    }
  }

  #statement(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#sqlite.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  #exec(sql: string): void {
    this.#sqlite.exec(sql);
  }

  /** The open group, or a new one (its transaction begun, its commit scheduled). Called under the mutex. */
  /**
   * The open group, or a new one once the database's write lock is free. Another connection (another
   * process, the CLI; or another app instance in this one, as the tests run two) may hold it: the wait is
   * asynchronous (busy_timeout is 0 on this connection), so this process goes on, and a holder in this very
   * process can commit. Up to BUSY_WAIT_MS, as SQLite's own busy timeout would.
   */
  async #openGroupWhenUnlocked(): Promise<Group> {
    const deadline = Date.now() + BUSY_WAIT_MS;
    for (let pause = 1; ; pause = Math.min(pause * 2, 20)) {
      try {
        return this.#openGroup();
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  #openGroup(): Group {
    if (this.#group) return this.#group;
    this.#exec('begin immediate');
    let settle: Group['settle'] = () => {};
    const committed = new Promise<void>((resolve, reject) => {
      settle = (error) => (error ? reject(error) : resolve());
    });
    // Nobody may be left with an unobserved rejection when no statement waits (a failed read-only group).
    committed.catch(() => {});
    const group: Group = { writes: 0, committed, settle };
    this.#group = group;
    setImmediate(() => void this.#commitWhenFree(group));
    return group;
  }

  async #commitWhenFree(group: Group): Promise<void> {
    await this.#mutex.lock();
    try {
      if (this.#group === group) this.#commit(group);
    } finally {
      this.#mutex.unlock();
    }
  }

  #commit(group: Group): void {
    const started = performance.now();
    this.#group = undefined;
    try {
      this.#exec('commit');
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#exec('rollback');
      this.#failures += 1;
      this.#observe?.({ writes: group.writes, ms: performance.now() - started, failed: true });
      group.settle(asError(error));
      return;
    }
    this.#observe?.({ writes: group.writes, ms: performance.now() - started, failed: false });
    group.settle();
  }

  #fail(group: Group, error: unknown): void {
    this.#group = undefined;
    this.#failures += 1;
    this.#observe?.({ writes: group.writes, ms: 0, failed: true });
    group.settle(new Error('the group transaction was rolled back by an error', { cause: asError(error) }));
  }
}

class GroupConnection implements DatabaseConnection {
  /** The group of this connection's open transaction. */
  group: Group | undefined;

  constructor(
    private readonly driver: GroupCommitDriver,
    readonly mode: CommitMode,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.run(this, compiledQuery).then(typedResult<R>);
  }

  streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming is not supported by the group-commit SQLite driver; page with limit/offset');
  }
}

function asGroupConnection(connection: DatabaseConnection): GroupConnection {
  if (!(connection instanceof GroupConnection)) throw new Error('not a group-commit connection');
  return connection;
}

/**
 * Kysely types a result by the query builder's row type, which the driver cannot check: SQLite's rows are
 * handed over as they are, as Kysely's own drivers do.
 */
function typedResult<R>(result: QueryResult<unknown>): QueryResult<R>;
function typedResult(result: QueryResult<unknown>): QueryResult<unknown> {
  return result;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** The two dialects (one per mode) over one group-commit connection, and its barrier. */
export function groupCommitSqliteDialects(
  sqlite: BetterSqlite3.Database,
  observe?: CommitObserver,
): { safe: Dialect; deferred: Dialect; barrier: CommitBarrier } {
  const driver = new GroupCommitDriver(sqlite, observe);
  const dialect = (mode: CommitMode): Dialect => ({
    createDriver: () => driver.modes[mode],
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  });
  return { safe: dialect('safe'), deferred: dialect('deferred'), barrier: driver.commitBarrier };
}
