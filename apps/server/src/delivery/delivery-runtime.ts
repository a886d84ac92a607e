/**
 * Delivery in one server process (issue 14): the buyers seeded from the file, the queue of the
 * database in use, the routing settings the intake uses, and the worker, started once the server
 * listens (a target written as a path posts to this server's own address) and stopped with it.
 */
import type { BuyerConfig } from '@app/funnel';
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
import { retryDeadJob, type RetryJobResult } from './retry-dead-job';
import type { RoutingSettings } from './route-lead';

/** Margin of a worker's hold on a job beyond the attempt's time-out. */
const LEASE_MARGIN_MS = 2000;

export interface DeliveryRuntime {
  queue: DeliveryQueue;
  buyers: BuyerDirectory;
  routing: RoutingSettings;
  seeded: SeedReport;
  /** New jobs are committed: the local worker looks now. */
  nudge(): void;
  /** Starts this process's worker (unless DELIVERY_WORKER=off), posting path targets to `selfUrl`. */
  /** `recheck`: issue 29, a lead whose checks were unavailable is checked again before it is sent. */
  startWorker(selfUrl: string, recheck?: (job: ClaimedJob) => Promise<RecheckVerdict>): void;
  stop(): Promise<void>;
  retryJob(jobId: string): Promise<RetryJobResult>;
  pauseBuyer(key: string, paused: boolean): Promise<boolean>;
}

export interface DeliveryRuntimeOptions {
  db: Kysely<Database>;
  dialect: DbDialect;
  config: DeliveryConfig;
  fileBuyers: readonly BuyerConfig[];
  env: NodeJS.ProcessEnv;
  /** Production: a target's host is looked at again, resolved, before each lead (buyer-target-host.ts). */
  production: boolean;
  now: () => Date;
  /** The server's lookup keys (contact claims). */
  keys: LookupKeys;
  log: { error: (details: object, message: string) => void; info: (details: object, message: string) => void };
}

export async function createDeliveryRuntime(options: DeliveryRuntimeOptions): Promise<DeliveryRuntime> {
  const { db, config, now, log } = options;
  const ingest = leadIngestBuyer(config.leadIngest);
  const seeded = await seedBuyers(db, { file: options.fileBuyers, environment: ingest ? [ingest] : [] }, now());
  const leaseMs = config.timeoutMs + LEASE_MARGIN_MS;
  const queue =
    options.dialect === 'postgres'
      ? await createPgBossQueue(db, {
          schema: config.queueSchema,
          leaseMs,
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

  return {
    queue,
    buyers,
    routing,
    seeded,
    nudge: () => worker?.nudge(),
    startWorker(selfUrl, recheck) {
      if (!config.worker || worker) return;
      worker = createDeliveryWorker({
        db,
        ...(recheck ? { recheck } : {}),
        queue,
        buyers,
        concurrency: config.concurrency,
        pollMs: config.pollMs,
        sweepMs: queue.kind === 'pg-boss' ? config.queueMaintenanceSeconds * 1000 : 0,
        log,
        context: {
          secret: secretResolver(options.env),
          selfUrl,
          ...(options.production
            ? { targetProblem: (url: URL) => resolvedTargetProblem(url, config.allowedTargetHosts) }
            : {}),
          timeoutMs: config.timeoutMs,
          retry: config.retry,
          holdMs: Math.max(config.pollMs * 5, 1000),
          now,
          random: Math.random,
        },
      });
      worker.start();
      log.info({ queue: queue.kind, concurrency: config.concurrency }, 'delivery worker started');
    },
    async stop() {
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
    async pauseBuyer(key, paused) {
      const changed = await setBuyerActive(db, key, !paused, now());
      buyers.refresh();
      return changed;
    },
  };
}
