/**
 * The delivery worker of one server process (issue 14 "Delivery"). It keeps up to `concurrency`
 * deliveries in flight: whenever a slot is free it claims due jobs from the queue, sends each on its
 * own (a slow buyer holds only its own slots), and records outcomes in shared transactions: while one
 * batch is being written the next results gather, so under load many outcomes share one commit.
 * Retries and holds are scheduled by the queue in the same transaction as the outcome.
 */
import type { Kysely } from 'kysely';
import type { Database, DeliveryStatus } from '../db/schema';
import { WORKER_ID } from './worker-id';
import { createWakeSignal } from '../jobs/wake-signal';
import { resendMaySellTwice } from '@app/funnel';
import type { BuyerDirectory } from './buyer-directory';
import {
  givesBackOnRecord,
  nextRunOf,
  recordResults,
  renewLeases,
  statusOf,
  type ClaimedJob,
  type DeliveryJob,
  type JobResult,
  type SellsTwice,
  type SettledJob,
} from './delivery-jobs-store';
import { RECHECK_WAIT_MS, type RecheckVerdict } from './recheck-contact';
import { readDeliveryFacts, type DeliveryFacts } from './delivery-facts';
import { releaseCapPlaces, type CapPlacesToGiveBack } from './cap-usage';
import { dialectOf } from '../db/db-dialect';
import type { DeliveryQueue, QueueClaim, QueuedJob } from './job-queue';
import { attemptDelivery, type AttemptContext } from './send-delivery';

export interface DeliveryWorkerOptions {
  db: Kysely<Database>;
  queue: DeliveryQueue;
  buyers: BuyerDirectory;
  context: AttemptContext;
  concurrency: number;
  pollMs: number;
  /** Issue 31: the hold on a job being sent, renewed every third of it (renewLeases). */
  leaseMs: number;
  /** How often the queue looks for lost jobs (pg-boss); 0: never. */
  sweepMs: number;
  log: { error: (details: object, message: string) => void };
  /** Each look in the queue for work (metrics). */
  looked?: () => void;
  /** Issue 29: a lead whose checks were unavailable at intake is checked again before it is sent. */
  recheck?: (job: ClaimedJob) => Promise<RecheckVerdict>;
  /**
   * Issue 32: a post of an auction's bid that ended without a sale goes on to the next bid, in the transaction
   * that records it (auction/auction-sale.ts advanceAuctions); returns the jobs it wrote, and the facts of the
   * jobs it took.
   */
  afterUnsoldBid?: (
    trx: Kysely<Database>,
    leadIds: readonly string[],
    /** Slots this worker kept: the first jobs written are taken by it (`sending`, its lease) and sent at once. */
    claim: { slots: number; until: Date },
  ) => Promise<{ jobs: QueuedJob[]; claimed: DeliveryJob[]; facts: DeliveryFacts }>;
}

/** Issue 32: statuses after which an auction's lead goes to its next bid (a suppressed lead's skip does not). */
const UNSOLD_POST: readonly DeliveryStatus[] = ['rejected', 'duplicate', 'dead', 'outcome_unknown'];

/** An auction's post whose outcome sends its lead on to the next bid. */
const endedUnsoldBid = ({ job, result }: SettledJob): boolean =>
  job.bid_id !== '' && UNSOLD_POST.includes(statusOf(result));

/** An outcome whose recording writes nothing but the job and its attempt: no queue entry, no give-back, no next bid. */
const recordedAlone = (settled: SettledJob & { handle: string | undefined }): boolean =>
  settled.handle === undefined &&
  nextRunOf(settled.result) === null &&
  !givesBackOnRecord(statusOf(settled.result)) &&
  !endedUnsoldBid(settled);

export interface DeliveryWorker {
  start(): void;
  /** New jobs were committed: look now rather than at the next poll. */
  nudge(): void;
  /** Stops claiming, lets deliveries in flight finish and records them. */
  stop(): Promise<void>;
  /** When the claim loop last turned without an error (readiness: a worker stuck or failing is not ready). */
  lastGoodTurn(): Date;
  /**
   * Issue 32: keeps up to `wanted` free slots for jobs a decision writes already taken by this worker (the
   * auction's winner, posted at once rather than after a queue's round trip); how many it kept. Every
   * reservation ends with handOff, with the jobs taken (none if the decision failed).
   */
  reserve(wanted: number): number;
  /**
   * The jobs taken with `reserved` slots kept (their leases this worker's): sent now, with their facts when the
   * decision read them in its transaction; the rest of the slots given back.
   */
  handOff(claimed: readonly ClaimedJob[], reserved: number, facts?: DeliveryFacts): void;
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { db, queue, context, log } = options;
  const inFlight = new Set<Promise<void>>();
  let stopping = false;
  let loopDone: Promise<void> = Promise.resolve();
  let sweepTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  /** Jobs this worker holds (claimed, not yet recorded): their leases are renewed. */
  const held = new Set<string>();
  /** Slots kept for jobs being written taken by this worker (reserve, handOff). */
  let reserved = 0;
  let lastGoodTurn = context.now();

  const signal = createWakeSignal();
  const nudge = () => signal.wake();

  // Outcomes waiting to be written, in lanes; `writing` is true while a lane's write loop runs. The loop
  // checks for more and clears the flag in one synchronous step, so an outcome is never left behind.
  // Issue 32: on PostgreSQL the posts of an auction that ended unsold have a lane of their own: recording
  // one carries its auction on to the next bid (several statements a lead), and under load a batch of them
  // took seconds to commit, while the outcomes behind it, most of them sales, held their slots until the
  // worker had none left. SQLite has one lane (one writer, its group commit).
  type Pending = SettledJob & { handle: string | undefined; done: () => void };
  interface Lane {
    pending: Pending[];
    writing: boolean;
  }
  const lanes: { plain: Lane; unsold: Lane } = {
    plain: { pending: [], writing: false },
    unsold: { pending: [], writing: false },
  };
  const onPostgres = dialectOf(db) === 'postgres';
  if (!onPostgres) lanes.unsold = lanes.plain;
  const laneOf = (settled: SettledJob): Lane => (endedUnsoldBid(settled) ? lanes.unsold : lanes.plain);
  function reserve(wanted: number): number {
    const kept = stopping ? 0 : Math.max(0, Math.min(wanted, options.concurrency - inFlight.size - reserved));
    reserved += kept;
    return kept;
  }
  function handOff(claimed: readonly ClaimedJob[], kept: number, facts?: DeliveryFacts): void {
    reserved = Math.max(0, reserved - kept);
    // A decision made as the worker stops still sends what it took: stop() waits for the deliveries in flight.
    if (claimed.length > 0)
      start(
        claimed.map((job) => ({ job, handle: undefined })),
        facts,
      );
    else signal.freed();
  }
  const commit = async (batch: readonly Pending[]) => {
    // Issue 32: the next bid of a post that ended unsold leaves at once when a slot is free, as the auction's
    // winner does (reserve, handOff), instead of after the queue's round trip.
    const maybeUnsold = new Set(batch.filter(endedUnsoldBid).map(({ job }) => job.lead_id));
    const slots = maybeUnsold.size > 0 && options.afterUnsoldBid ? reserve(maybeUnsold.size) : 0;
    let taken: ClaimedJob[] = [];
    let facts: DeliveryFacts | undefined;
    try {
      // Issue 32: on PostgreSQL, outcomes that need nothing more written (sales, mostly: no queue entry to
      // finish or schedule, nothing given back, no next bid) are recorded by one statement, atomic on its own.
      if (onPostgres && batch.every(recordedAlone)) {
        await retriedOnDeadlock(() => recordResults(db, batch, context.now(), WORKER_ID));
        return;
      }
      const next = await retriedOnDeadlock(() =>
        db.transaction().execute(async (trx) => {
          taken = [];
          facts = undefined;
          const recorded = await recordResults(trx, batch, context.now(), WORKER_ID);
          const updated = new Set(recorded.updated);
          await queue.settle(
            trx,
            batch.map(({ job, result, handle }) => ({
              jobId: job.id,
              handle,
              runAt: updated.has(job.id) ? nextRunOf(result) : null,
            })),
          );
          const unsold = batch.filter((settled) => updated.has(settled.job.id) && endedUnsoldBid(settled));
          let jobs: QueuedJob[] = [];
          if (unsold.length > 0 && options.afterUnsoldBid) {
            const at = context.now();
            const sale = await options.afterUnsoldBid(trx, [...new Set(unsold.map(({ job }) => job.lead_id))], {
              slots,
              until: new Date(at.getTime() + options.leaseMs),
            });
            if (sale.jobs.length > 0) await queue.enqueue(trx, sale.jobs);
            if (sale.claimed.length > 0) facts = sale.facts;
            taken = sale.claimed.map((job) => ({ ...job, interrupted: false }));
            jobs = sale.jobs;
          }
          // Last before the commit: a busy buyer's usage rows stay locked only for the commit (cap-usage.ts).
          for (const places of recorded.giveBack.sort(byBuyerAndPeriods)) await releaseCapPlaces(trx, places);
          return jobs;
        }),
      );
      if (next.length > 0) nudge();
    } catch (error) {
      // Not recorded: the jobs' leases run out and they are sent again with the same idempotency key.
      log.error({ err: error, jobs: batch.length }, 'delivery outcomes not recorded');
      taken = [];
    } finally {
      // Committed: the taken jobs are sent now; not committed: nothing was taken.
      if (slots > 0) handOff(taken, slots, facts);
    }
  };
  const write = async (lane: Lane) => {
    while (lane.pending.length > 0) {
      const batch = lane.pending;
      lane.pending = [];
      await commit(batch);
      for (const item of batch) item.done();
    }
    lane.writing = false;
  };
  const record = (settled: SettledJob & { handle: string | undefined }) =>
    new Promise<void>((done) => {
      const lane = laneOf(settled);
      lane.pending.push({ ...settled, done });
      if (!lane.writing) {
        lane.writing = true;
        // After the answers already read in this turn of the event loop, so they share one commit.
        setImmediate(() => void write(lane));
      }
    });

  /** The re-check's answer when it keeps the job from being sent now; undefined to send. */
  const recheckFirst = async (job: ClaimedJob, sendable: boolean): Promise<JobResult | undefined> => {
    if (!sendable || !options.recheck) return undefined;
    const verdict = await options.recheck(job);
    if (verdict.kind === 'skip') return { kind: 'skipped', reason: verdict.reason };
    const now = context.now();
    const deadline = new Date(job.deadline_at);
    if (verdict.kind === 'wait' && now < deadline) {
      const until = new Date(Math.min(now.getTime() + RECHECK_WAIT_MS, deadline.getTime()));
      return { kind: 'held', until, reason: verdict.reason };
    }
    return undefined;
  };

  const deliver = async ({ job, handle }: QueueClaim, facts: DeliveryFacts): Promise<void> => {
    held.add(job.id);
    try {
      const lead = facts.leads.get(job.id);
      const suppressed = lead !== undefined && facts.suppressed.has(job.id);
      const buyer = await options.buyers.get(job.buyer_key);
      const result =
        (await recheckFirst(job, lead !== undefined && !suppressed && buyer?.active === true)) ??
        (await attemptDelivery(context, { job, buyer, lead, suppressed }));
      await record({ job, result, handle });
    } catch (error) {
      log.error({ err: error, job: job.id }, 'delivery attempt failed unexpectedly; retried after its lease');
    } finally {
      held.delete(job.id);
    }
  };

  /** Sends a claimed batch: each delivery in flight on its own, its slot freed once recorded. */
  const start = (claimed: readonly QueueClaim[], known?: DeliveryFacts) => {
    for (const claim of claimed) held.add(claim.job.id);
    const facts = known
      ? Promise.resolve(known)
      : readDeliveryFacts(
          db,
          claimed.map((c) => c.job),
        );
    const begun = facts.then(
      (facts) => {
        for (const claim of claimed) {
          const running = deliver(claim, facts).finally(() => {
            inFlight.delete(running);
            signal.freed();
          });
          inFlight.add(running);
        }
      },
      (error: unknown) => {
        for (const claim of claimed) held.delete(claim.job.id);
        log.error({ err: error }, 'delivery leads unreadable; sent again after their leases');
      },
    );
    // Until its facts are read, the batch holds its slots.
    const reading = begun.finally(() => inFlight.delete(reading));
    inFlight.add(reading);
  };

  /** Issue 31: the buyers a second post could sell to twice, as configured now. */
  const sellsTwiceNow = async (): Promise<SellsTwice> => {
    const buyers = await options.buyers.all();
    const unsafe = new Set(buyers.filter((b) => resendMaySellTwice(b.dedupe)).map((b) => b.key));
    return (key) => unsafe.has(key);
  };

  // Under load, claim in batches (a quarter of the slots) rather than one job per finished delivery:
  // each claim is a transaction, and one commit per job would cost more than the delivery.
  const batch = Math.max(1, Math.floor(options.concurrency / 4));
  const loop = async () => {
    try {
      await queue.beforeWork(context.now());
    } catch (error) {
      log.error({ err: error }, 'delivery queue not prepared');
    }
    while (!stopping) {
      const free = options.concurrency - inFlight.size - reserved;
      let claimed: QueueClaim[] = [];
      let good = true;
      if ((free >= batch || inFlight.size === 0) && signal.shouldLook()) {
        try {
          claimed = await queue.claim(free, context.now(), await sellsTwiceNow(), held);
          signal.looked(claimed.length, free);
          options.looked?.();
        } catch (error) {
          good = false;
          log.error({ err: error }, 'delivery queue unavailable');
        }
      }
      if (good) lastGoodTurn = context.now();
      if (claimed.length > 0) start(claimed);
      if (stopping) break;
      if (claimed.length === 0 || options.concurrency - inFlight.size < batch) await signal.sleep(options.pollMs);
    }
  };

  return {
    start() {
      loopDone = loop();
      heartbeatTimer = setInterval(
        () => {
          renewLeases(db, [...held], context.now(), options.leaseMs).catch((error: unknown) =>
            log.error({ err: error, jobs: held.size }, 'delivery leases not renewed'),
          );
        },
        Math.max(100, Math.floor(options.leaseMs / 3)),
      );
      heartbeatTimer.unref();
      if (options.sweepMs > 0) {
        sweepTimer = setInterval(() => {
          queue.sweep(context.now()).catch((error: unknown) => log.error({ err: error }, 'delivery sweep failed'));
        }, options.sweepMs);
        sweepTimer.unref();
      }
    },
    nudge,
    lastGoodTurn: () => lastGoodTurn,
    reserve,
    handOff,
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      nudge();
      await loopDone;
      // Each delivery in flight resolves once its outcome is written; the heartbeat holds them meanwhile.
      await Promise.all(inFlight);
      clearInterval(heartbeatTimer);
    },
  };
}

/**
 * The two lanes' transactions can lock two buyers' usage rows in opposite orders (one gives back what the
 * other's next bid takes): PostgreSQL ends one of them (40P01). Nothing of it was written, so it runs again;
 * the give-backs' fixed order (byBuyerAndPeriods) keeps the usual case from meeting it at all.
 */
async function retriedOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : undefined;
      if (code !== '40P01' || attempt >= 3) throw error;
    }
  }
}

const byBuyerAndPeriods = (a: CapPlacesToGiveBack, b: CapPlacesToGiveBack): number =>
  a.buyerKey.localeCompare(b.buyerKey) || (a.day ?? '').localeCompare(b.day ?? '');
