/**
 * SQLite: the delivery_jobs table is a transactional outbox (docs/decisions/0010-delivery-queue.md). A
 * job is visible to the worker the moment the lead's transaction commits, and the single server process
 * polls it for due jobs. When its worker starts, jobs a previous run of the process was sending when it
 * died are due at once: with one server process on the file, nobody else can be sending them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { WORKER_ID } from './worker-id';
import { claimJobs } from './delivery-jobs-store';
import type { DeliveryQueue } from './job-queue';

export function createOutboxQueue(db: Kysely<Database>, options: { leaseMs: number }): DeliveryQueue {
  return {
    kind: 'outbox',
    // Only the process that runs the worker may do this (an operator command on the same file must not).
    async beforeWork(now) {
      await db
        .updateTable('delivery_jobs')
        .set({ lease_until: now.toISOString() })
        .where('status', '=', 'sending')
        .execute();
    },
    // The job row written with the lead is the outbox entry.
    enqueue: () => Promise.resolve(),
    claim: async (limit, now, sellsTwice, holding) => {
      const jobs = await claimJobs(db, 'sqlite', {
        limit,
        now,
        leaseMs: options.leaseMs,
        worker: WORKER_ID,
        sellsTwice,
        ...(holding ? { holding } : {}),
      });
      return jobs.map((job) => ({ job, handle: undefined }));
    },
    // next_attempt_at, written with the outcome, is the schedule.
    settle: () => Promise.resolve(),
    // The table is the queue: the database's own check covers it.
    check: () => Promise.resolve(''),
    sweep: () => Promise.resolve(0),
    stop: () => Promise.resolve(),
  };
}
