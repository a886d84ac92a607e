/**
 * PostgreSQL: pg-boss (docs/decisions/0010-delivery-queue.md) hands delivery jobs to the workers of every
 * server process, each at most once at a time (SELECT … FOR UPDATE SKIP LOCKED). It runs on the
 * server's own connection pool, so a queue entry is written in the lead's transaction and finished in
 * the transaction that records the outcome: the queue and delivery_jobs never disagree. A worker killed
 * mid-delivery leaves its entry active and its job sending with a lease it no longer renews (issue 31): once
 * the lease is over, any worker's claim takes the job over directly (`lostBefore`, checked every quarter
 * lease), within seconds, instead of waiting for pg-boss to expire the entry (which is only the last resort,
 * after the longest attempt a buyer may take); that entry, when it comes back, finds its job taken and is
 * finished. The job is sent again with the same idempotency key, or, for a buyer that does not dedupe,
 * becomes outcome_unknown (delivery-jobs-store.ts). Retries are scheduled as new entries at the time
 * our retry policy chose (retry-schedule.ts), one waiting entry per job (the "short" queue policy).
 */
import PgBoss from 'pg-boss';
import { CompiledQuery, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { WORKER_ID } from './worker-id';
import { claimJobs } from './delivery-jobs-store';
import type { DeliveryQueue, QueueClaim, QueueSettlement, QueuedJob } from './job-queue';

export const DELIVERY_QUEUE_NAME = 'lead-delivery';

const JobDataSchema = z.object({ jobId: z.string() });

/** pg-boss's database port over a Kysely connection (the pool, or a transaction). */
function executor(db: Kysely<Database>): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}

export interface PgBossQueueOptions {
  schema: string;
  leaseMs: number;
  /** The longest an attempt may run: pg-boss's own expiry of an entry, the last resort. */
  longestAttemptMs: number;
  maintenanceSeconds: number;
  onError: (error: Error) => void;
}

export async function createPgBossQueue(db: Kysely<Database>, options: PgBossQueueOptions): Promise<DeliveryQueue> {
  // An entry whose worker has not finished it by then is handed out again (a worker died and no other
  // took its job over from its lease: the last resort).
  const expireInSeconds = Math.ceil(options.longestAttemptMs / 1000) + 2;
  let lostCheckedAt = 0;
  const boss = new PgBoss({
    db: executor(db),
    schema: options.schema,
    migrate: true,
    supervise: true,
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  boss.on('error', options.onError);
  await boss.start();
  await boss.createQueue(DELIVERY_QUEUE_NAME, { name: DELIVERY_QUEUE_NAME, policy: 'short', expireInSeconds });

  const entries = (jobs: readonly QueuedJob[]) =>
    jobs.map((job) => ({
      name: DELIVERY_QUEUE_NAME,
      data: { jobId: job.id },
      singletonKey: job.id,
      startAfter: job.runAt.toISOString(),
      expireInSeconds,
      // Only expiries come back this way (a dead worker); delivery failures are rescheduled by us.
      retryLimit: 20,
      retryDelay: 1,
    }));
  const enqueue = async (trx: Kysely<Database>, jobs: readonly QueuedJob[]) => {
    if (jobs.length > 0) await boss.insert(entries(jobs), { db: executor(trx) });
  };
  // Entries are deleted once the outcome is recorded: delivery_jobs and delivery_attempts are the
  // record, and deleteJob (unlike complete) takes a connection for an array of ids.
  const finish = async (trx: Kysely<Database>, handles: readonly string[]) => {
    if (handles.length > 0) await boss.deleteJob(DELIVERY_QUEUE_NAME, [...handles], { db: executor(trx) });
  };

  return {
    kind: 'pg-boss',
    enqueue,
    // A dead worker's entries come back through pg-boss's expiry.
    beforeWork: () => Promise.resolve(),

    async claim(limit, now, sellsTwice, holding) {
      // Issue 31: a dead worker's jobs, their leases over, and jobs due for a lease already whose entry is
      // stuck (handed to a worker that could not claim them), taken over directly, not via a pg-boss entry.
      let lost: QueueClaim[] = [];
      if (now.getTime() - lostCheckedAt >= options.leaseMs / 4) {
        lostCheckedAt = now.getTime();
        const taken = await claimJobs(db, 'postgres', {
          lostBefore: new Date(now.getTime() - options.leaseMs),
          limit,
          now,
          leaseMs: options.leaseMs,
          worker: WORKER_ID,
          sellsTwice,
          ...(holding ? { holding } : {}),
        });
        lost = taken.map((job) => ({ job, handle: undefined }));
        if (lost.length >= limit) return lost;
      }
      const fetched = await boss.fetch(DELIVERY_QUEUE_NAME, { batchSize: limit - lost.length });
      if (fetched.length === 0) return lost;
      const entryOf = new Map<string, string>();
      for (const entry of fetched) {
        const data = JobDataSchema.safeParse(entry.data);
        if (data.success) entryOf.set(data.data.jobId, entry.id);
      }
      const claimed = await claimJobs(db, 'postgres', {
        ids: [...entryOf.keys()],
        limit,
        now,
        leaseMs: options.leaseMs,
        worker: WORKER_ID,
        sellsTwice,
        ...(holding ? { holding } : {}),
      });
      const claimedIds = new Set(claimed.map((job) => job.id));
      const others = fetched.filter((entry) => !claimedIds.has(JobDataSchema.safeParse(entry.data).data?.jobId ?? ''));
      if (others.length > 0) {
        // Finished already, held by a live worker, or woken early: this entry is done; an early one is
        // put back at the job's own time.
        await db.transaction().execute(async (trx) => {
          await finish(
            trx,
            others.map((e) => e.id),
          );
          const early = await trx
            .selectFrom('delivery_jobs')
            .select(['id', 'next_attempt_at'])
            .where(
              'id',
              'in',
              [...entryOf.keys()].filter((id) => !claimedIds.has(id)),
            )
            .where('status', 'in', ['queued', 'retrying'])
            .execute();
          await enqueue(
            trx,
            early.map((job) => ({ id: job.id, runAt: new Date(job.next_attempt_at) })),
          );
        });
      }
      return [...lost, ...claimed.map((job) => ({ job, handle: entryOf.get(job.id) }))];
    },

    async settle(trx, settlements: readonly QueueSettlement[]) {
      await finish(
        trx,
        settlements.flatMap((s) => (s.handle ? [s.handle] : [])),
      );
      await enqueue(
        trx,
        settlements.flatMap((s) => (s.runAt ? [{ id: s.jobId, runAt: s.runAt }] : [])),
      );
    },

    async check() {
      return (await boss.getQueue(DELIVERY_QUEUE_NAME)) ? '' : `the pg-boss queue ${DELIVERY_QUEUE_NAME} is missing`;
    },

    async sweep(now) {
      // A job due for a while with no entry waiting (an entry that failed for good, an early wake-up
      // finished by a worker that then died): give it one. Entries already waiting make this a no-op.
      const cutoff = new Date(now.getTime() - Math.max(60_000, options.leaseMs)).toISOString();
      const lost = await db
        .selectFrom('delivery_jobs')
        .select(['id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['queued', 'retrying']), eb('next_attempt_at', '<', cutoff)]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', cutoff)]),
          ]),
        )
        .limit(1000)
        .execute();
      await enqueue(
        db,
        lost.map((job) => ({ id: job.id, runAt: now })),
      );
      return lost.length;
    },

    async stop() {
      await boss.stop({ graceful: false, close: false, wait: true });
    },
  };
}
