/**
 * The queue that wakes the workers (docs/decisions/0010-delivery-queue.md). The delivery_jobs table is
 * the record of every job on both databases; the queue decides who sends what, when:
 * - SQLite: the table is a transactional outbox polled by the single process (outbox-queue.ts);
 * - PostgreSQL: pg-boss, shared by every server process (pg-boss-queue.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ClaimedJob, SellsTwice } from './delivery-jobs-store';

export interface QueuedJob {
  id: string;
  runAt: Date;
}

/** A job the queue handed out, with the queue's own handle on it (pg-boss's job id). */
export interface QueueClaim {
  job: ClaimedJob;
  handle: string | undefined;
}

/** What the queue must do with a handed-out job once its outcome is recorded. */
export interface QueueSettlement {
  jobId: string;
  handle: string | undefined;
  /** When to wake the job again (a retry, a hold), or null when it is finished. */
  runAt: Date | null;
}

export interface DeliveryQueue {
  kind: 'outbox' | 'pg-boss';
  /** Makes the jobs visible to the workers, inside the transaction that wrote them with their lead. */
  enqueue(trx: Kysely<Database>, jobs: readonly QueuedJob[]): Promise<void>;
  /** Once, when this process's worker starts. */
  beforeWork(now: Date): Promise<void>;
  /**
   * Up to `limit` due jobs, claimed for this worker (delivery-jobs-store claimJobs); a dead worker's job to a
   * buyer that may sell twice becomes outcome_unknown instead. `holding`: the jobs this worker still holds,
   * never taken (their lease may have lapsed under load, but their worker is alive and sending them).
   */
  claim(limit: number, now: Date, sellsTwice: SellsTwice, holding?: ReadonlySet<string>): Promise<QueueClaim[]>;
  /** Inside the transaction that records the outcomes: finish the queue's side, schedule the next runs. */
  settle(trx: Kysely<Database>, settlements: readonly QueueSettlement[]): Promise<void>;
  /** Readiness (issue 30): '' when the queue can take and hand out jobs, else what is wrong. */
  check(): Promise<string>;
  /** Puts back jobs the queue no longer knows of (periodic; the outbox needs none). */
  sweep(now: Date): Promise<number>;
  stop(): Promise<void>;
}
