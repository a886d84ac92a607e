/**
 * Delivery in one server process (issue 14): the buyers seeded from the file, the queue of the
 * database in use, the routing settings the intake uses, and the worker, started once the server
 * listens (a target written as a path posts to this server's own address) and stopped with it.
 */
import type { BuyerConfig, LeadFields, RerouteSummary, UnknownOutcomeResolution } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { DbDialect } from '../db/db-dialect';
import type { LookupKeys } from '../db/lookup-keys';
import type { Database } from '../db/schema';
import { createBuyerDirectory, type BuyerDirectory } from './buyer-directory';
import { secretResolver } from './buyer-secrets';
import { resolvedTargetProblem } from './buyer-target-host';
import { seedBuyers, setBuyerActive, type SeedReport } from './buyer-store';
import type { DeliveryConfig } from './delivery-config';
import { createDeliveryWorker, type DeliveryWorker } from './delivery-worker';
import type { ClaimedJob } from './delivery-jobs-store';
import type { RecheckVerdict } from './recheck-contact';
import type { DeliveryQueue } from './job-queue';
import { leadIngestBuyer } from './lead-ingest-buyer';
import { createOutboxQueue } from './outbox-queue';
import { createPgBossQueue } from './pg-boss-queue';
import { rerouteNotSent } from './reroute-not-sent';
import { resolveUnknownJob, type ResolveJobResult } from './resolve-unknown-job';
import { retryDeadJob, type RetryJobResult } from './retry-dead-job';
import type { RoutingSettings } from './route-lead';
import { createAuctionRunner, type AuctionRunner, type AuctionSlot } from '../auction/auction-runner';
import { advanceAuctions, type SaleContext } from '../auction/auction-sale';
import type { PingContext } from '../auction/ping-buyers';
import { buyersDecliningNow } from '../auction/pre-ping';

/** The longest attempt a buyer may set (BuyerConfig target timeoutMs), and a margin. */
const LONGEST_ATTEMPT_MS = 60_000 + 5_000;

export interface DeliveryRuntime {
  queue: DeliveryQueue;
  buyers: BuyerDirectory;
  routing: RoutingSettings;
  seeded: SeedReport;
  /** New jobs are committed: the local worker looks now. */
  nudge(): void;
  /**
   * Issue 32: a slot of this process's auction runner for the auction a new lead may open (auction-runner.ts
   * reserve); null when this process runs no auctions or every slot is taken.
   */
  reserveAuction(): AuctionSlot | null;
  /** Starts this process's worker (unless DELIVERY_WORKER=off), posting path targets to `selfUrl`. */
  /** `recheck`: issue 29, a lead whose checks were unavailable is checked again before it is sent. */
  startWorker(selfUrl: string, recheck?: (job: ClaimedJob) => Promise<RecheckVerdict>): void;
  stop(): Promise<void>;
  retryJob(jobId: string): Promise<RetryJobResult>;
  /** Issue 31: an operator's decision on a job whose outcome is unknown. */
  resolveUnknownJob(jobId: string, resolution: UnknownOutcomeResolution): Promise<ResolveJobResult>;
  pauseBuyer(key: string, paused: boolean): Promise<boolean>;
  /** Issue 30: leads not sent for want of a buyer since `since` (ISO), routed again with today's buyers. */
  rerouteNotSent(since: string): Promise<RerouteSummary>;
  /** Readiness (issue 30): '' when the queue is prepared and this process's worker (if any) turning. */
  problem(): Promise<string>;
  /** Issue 32: the ping-post buyers among these that say now they would not buy such a lead (pre-ping.ts). */
  decliningNow(buyers: readonly BuyerConfig[], fields: LeadFields): Promise<Set<string>>;
}

export interface DeliveryRuntimeOptions {
  db: Kysely<Database>;
  dialect: DbDialect;
  config: DeliveryConfig;
  fileBuyers: readonly BuyerConfig[];
  /** Issue 30: BUYERS_FILE_DEACTIVATES_UNLISTED=on. */
  deactivateUnlisted?: boolean;
  env: NodeJS.ProcessEnv;
  /** Production: a target's host is looked at again, resolved, before each lead (buyer-target-host.ts). */
  production: boolean;
  now: () => Date;
  /** The server's lookup keys (contact claims). */
  keys: LookupKeys;
  /** A claim loop looked in the database for work (metrics: funnel_claim_looks_total). */
  looked?: (loop: 'delivery' | 'auction') => void;
  log: {
    error: (details: object, message: string) => void;
    warn: (details: object, message: string) => void;
    info: (details: object, message: string) => void;
  };
}

export async function createDeliveryRuntime(options: DeliveryRuntimeOptions): Promise<DeliveryRuntime> {
  const { db, config, now, log } = options;
  const ingest = leadIngestBuyer(config.leadIngest);
  const seeded = await seedBuyers(
    db,
    {
      file: options.fileBuyers,
      environment: ingest ? [ingest] : [],
      deactivateUnlisted: options.deactivateUnlisted === true,
    },
    now(),
  );
  // Issue 30: what the start did to the buyers every instance shares, in the log.
  for (const key of seeded.deactivated) {
    log.warn({ buyer: key }, 'buyer deactivated: not in the buyers file (BUYERS_FILE_DEACTIVATES_UNLISTED=on)');
  }
  if (seeded.unlisted.length > 0) {
    log.info({ buyers: seeded.unlisted }, 'buyers not in the buyers file left as they are');
  }
  // Issue 31: a short lease, renewed while the send runs (delivery-worker.ts), not the attempt's length.
  const { leaseMs } = config;
  const queue =
    options.dialect === 'postgres'
      ? await createPgBossQueue(db, {
          schema: config.queueSchema,
          leaseMs,
          longestAttemptMs: Math.max(LONGEST_ATTEMPT_MS, config.timeoutMs + 5_000),
          maintenanceSeconds: config.queueMaintenanceSeconds,
          onError: (error) => log.error({ err: error }, 'delivery queue error'),
        })
      : createOutboxQueue(db, { leaseMs });
  const buyers = createBuyerDirectory(db);
  const routing: RoutingSettings = {
    rule: config.routing,
    duplicateWindowDays: config.duplicateWindowDays,
    retryWindowMs: config.retry.windowMs,
  };
  let worker: DeliveryWorker | undefined;
  let auctions: AuctionRunner | undefined;
  const secret = secretResolver(options.env);
  const targetProblem = options.production
    ? { targetProblem: (url: URL) => resolvedTargetProblem(url, config.allowedTargetHosts) }
    : {};
  /** Pings go out from every instance (a consent page's pre-ping), the auctions' from the worker's. */
  let pingContext: PingContext = { secret, selfUrl: undefined, ...targetProblem, now };
  /**
   * Issue 32: what carrying on an auction needs, with the buyers as they are now, read (when the kept list is
   * stale) through the transaction the caller is in (buyer-directory.ts).
   */
  const saleContext = async (trx: Kysely<Database>): Promise<SaleContext> => {
    const byKey = new Map((await buyers.all(trx)).map((b) => [b.key, b]));
    return {
      buyers: (key) => byKey.get(key),
      keys: options.keys,
      settings: routing,
      operatorFloorCents: config.auction.floorCents,
      now: now(),
    };
  };

  return {
    queue,
    buyers,
    routing,
    seeded,
    nudge: () => {
      worker?.nudge();
      auctions?.nudge();
    },
    reserveAuction: () => auctions?.reserve() ?? null,
    startWorker(selfUrl, recheck) {
      pingContext = { ...pingContext, selfUrl };
      if (!config.worker || worker) return;
      worker = createDeliveryWorker({
        db,
        ...(recheck ? { recheck } : {}),
        afterUnsoldBid: async (trx, leadIds, claim) =>
          advanceAuctions(trx, { leadIds, context: { ...(await saleContext(trx)), claim } }),
        queue,
        buyers,
        looked: () => options.looked?.('delivery'),
        concurrency: config.concurrency,
        pollMs: config.pollMs,
        leaseMs,
        sweepMs: queue.kind === 'pg-boss' ? config.queueMaintenanceSeconds * 1000 : 0,
        log,
        context: {
          secret,
          selfUrl,
          ...targetProblem,
          timeoutMs: config.timeoutMs,
          retry: config.retry,
          holdMs: Math.max(config.pollMs * 5, 1000),
          now,
          random: Math.random,
        },
      });
      worker.start();
      const delivery = worker;
      auctions = createAuctionRunner({
        db,
        dialect: options.dialect,
        queue,
        buyers,
        keys: options.keys,
        settings: routing,
        operatorFloorCents: config.auction.floorCents,
        ping: pingContext,
        concurrency: config.auction.concurrency,
        pollMs: config.pollMs,
        leaseMs,
        jobsWritten: () => delivery.nudge(),
        looked: () => options.looked?.('auction'),
        delivery: { reserve: (n) => delivery.reserve(n), handOff: (c, n, f) => delivery.handOff(c, n, f), leaseMs },
        log,
      });
      auctions.start();
      log.info({ queue: queue.kind, concurrency: config.concurrency }, 'delivery worker started');
    },
    async stop() {
      await auctions?.stop();
      await worker?.stop();
      await queue.stop();
    },
    async retryJob(jobId) {
      const result = await retryDeadJob(db, {
        jobId,
        buyer: (key) => buyers.get(key),
        queue,
        now: now(),
        retryWindowMs: config.retry.windowMs,
        keys: options.keys,
        duplicateWindowDays: config.duplicateWindowDays,
      });
      if (result.ok) worker?.nudge();
      return result;
    },
    async rerouteNotSent(since) {
      // The buyers as they are now (fixed from another process a moment ago), not the cached list.
      buyers.refresh();
      const summary = await rerouteNotSent(db, since, {
        buyers: () => buyers.all(),
        settings: routing,
        queue,
        keys: options.keys,
        now,
      });
      if (summary.routed > 0) {
        worker?.nudge();
        auctions?.nudge();
      }
      log.info(
        { since, routed: summary.routed, notSent: summary.notSent, skipped: summary.skipped },
        'leads re-routed',
      );
      return summary;
    },
    async problem() {
      const queueProblem = await queue.check();
      if (queueProblem !== '') return queueProblem;
      if (!worker) return '';
      const idleMs = now().getTime() - worker.lastGoodTurn().getTime();
      const boundMs = Math.max(5_000, config.pollMs * 5);
      return idleMs > boundMs ? `the delivery worker has not claimed jobs for ${idleMs} ms` : '';
    },
    decliningNow: (list, fields) => buyersDecliningNow(pingContext, list, fields, config.auction.floorCents),
    async resolveUnknownJob(jobId, resolution) {
      const result = await resolveUnknownJob(db, {
        jobId,
        resolution,
        queue,
        now: now(),
        retryWindowMs: config.retry.windowMs,
      });
      if (result.ok && resolution === 'resend') worker?.nudge();
      return result;
    },
    async pauseBuyer(key, paused) {
      const changed = await setBuyerActive(db, key, !paused, now());
      buyers.refresh();
      return changed;
    },
  };
}
