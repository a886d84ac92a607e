/**
 * A group-commit database's companions (issue 15, db/group-commit-sqlite-dialect.ts): who hears of each
 * commit (the metrics' batch sizes), the twin Kysely instance for HTTP requests (deferred commit waits) and
 * the barrier their replies wait on. A database without group commit (PostgreSQL) has none: its requests
 * use it as it is.
 */
import type { Kysely } from 'kysely';
import type { CommitBarrier } from './group-commit-sqlite-dialect';
import type { Database } from './schema';

export interface CommitBatch {
  /** Statements and transactions carried by this commit. */
  writes: number;
  ms: number;
  failed: boolean;
}

export type CommitObserver = (batch: CommitBatch) => void;

export class CommitFeed {
  readonly #observers = new Set<CommitObserver>();

  emit = (batch: CommitBatch): void => {
    for (const observer of this.#observers) observer(batch);
  };

  subscribe(observer: CommitObserver): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }
}

export interface GroupCommit {
  feed: CommitFeed;
  /** The same database for request handlers: statements resolve at once, the reply waits on `barrier`. */
  requestDb: Kysely<Database>;
  barrier: CommitBarrier;
}

const companions = new WeakMap<Kysely<Database>, GroupCommit>();

export function attachGroupCommit(db: Kysely<Database>, groupCommit: GroupCommit): void {
  companions.set(db, groupCommit);
}

export function groupCommitOf(db: Kysely<Database>): GroupCommit | undefined {
  return companions.get(db);
}

/** Hears every group commit of `db`; a database without group commit has none to tell (a no-op). */
export function observeCommits(db: Kysely<Database>, observer: CommitObserver): () => void {
  return companions.get(db)?.feed.subscribe(observer) ?? (() => {});
}
