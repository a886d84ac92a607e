/**
 * What an operator watches (issue 15): Prometheus metrics through prom-client, one registry per app.
 * Counted in this process: requests and their latency by route and status, leads stored, commit batch
 * sizes (SQLite group commit), rate-limit refusals. Read from the shared database when scraped, so every
 * instance reports the same: the delivery queue's depth and the jobs per buyer and status (delivery
 * outcomes). Plus prom-client's process metrics (memory, CPU, event-loop lag). Served by routes/metrics.ts.
 *
 * Issue 30, the money path: active buyers, leads routed by outcome and reason (a lead `not_sent` for want of a buyer is
 * what a fleet misconfiguration looks like), dead deliveries of the last hour and the age of the oldest
 * due delivery (read from the database). Whether the database and Redis answer is the dependencies' state
 * (health/dependency-state.ts, issue 31: funnel_dependency_up{dependency}). ops/prometheus/alerts.yml alerts on them; ops/grafana/funnel.json draws them.
 */
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommitBatch } from '../db/commit-feed';
import type { Database } from '../db/schema';
import { deadSince, jobCountsByBuyer, oldestDueSeconds, queueDepth } from '../delivery/delivery-jobs-store';
import { openAuctions } from '../auction/auction-store';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  leadsStored: Counter<'source'>;
  rateLimitRefusals: Counter<'route'>;
  /** Issue 30: each new lead's routing decision (routingReasonLabel keeps the reasons few). */
  leadsRouted: Counter<'source' | 'outcome' | 'reason'>;
  /** Issue 32: the claim loops' looks in the database for work (delivery jobs, auctions), by loop. */
  claimLooks: Counter<'loop'>;
  recordCommit: (batch: CommitBatch) => void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/** Probes give up after this: a scrape must not hang on a database that does not answer. */
const PROBE_TIMEOUT_MS = 2000;

/** The clock the gauges read time by (tests set it). */
export interface MetricsProbes {
  now?: () => Date;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The routing reason as a label: `disqualified:<why>` is one label, `disqualified` (its reasons are the
 * leads' own, not the fleet's health), the others (no_buyers, no_eligible_buyer, …) stay as they are.
 */
export function routingReasonLabel(reason: string): string {
  if (reason === '') return 'none';
  return reason.startsWith('disqualified:') ? 'disqualified' : reason;
}

export function createMetrics(db: Kysely<Database>, probes: MetricsProbes = {}): Metrics {
  const now = probes.now ?? (() => new Date());
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'funnel_http_requests_total',
    help: 'HTTP requests answered, by method, route (the pattern, not the path) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'funnel_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const leadsStored = new Counter({
    name: 'funnel_leads_stored_total',
    help: 'New leads stored by this instance (a repeat of a stored id is not counted), by source',
    labelNames: ['source'] as const,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'funnel_rate_limit_refusals_total',
    help: 'Requests refused 429 by a limit (per IP, per contact, SMS), by route',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const leadsRouted = new Counter({
    name: 'funnel_leads_routed_total',
    help: 'New leads by routing outcome (routed, not_sent) and reason (no_buyers, no_eligible_buyer, no_buyer_available, disqualified, suppressed, …), by source',
    labelNames: ['source', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  const claimLooks = new Counter({
    name: 'funnel_claim_looks_total',
    help: "Times this instance's claim loops looked in the database for work, by loop (delivery, auction): about one per poll interval when work is handed over; one per lead means a loop polls on every event",
    labelNames: ['loop'] as const,
    registers: [registry],
  });
  const commitWrites = new Histogram({
    name: 'funnel_commit_batch_writes',
    help: 'Statements and transactions carried by one group commit (SQLite)',
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });
  const commitSeconds = new Histogram({
    name: 'funnel_commit_duration_seconds',
    help: 'Time of one group commit, fsync included (SQLite)',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const commitFailures = new Counter({
    name: 'funnel_commit_failures_total',
    help: 'Group commits that failed (their requests were answered 503)',
    registers: [registry],
  });
  new Gauge({
    name: 'funnel_delivery_queue_depth',
    help: 'Delivery jobs waiting to be sent (queued, retrying, sending), all instances',
    registers: [registry],
    async collect() {
      this.set(await within(queueDepth(db), PROBE_TIMEOUT_MS).catch(() => NaN));
    },
  });
  new Gauge({
    name: 'funnel_delivery_jobs',
    help: 'Delivery jobs by buyer and status (delivered, rejected, failed, …): the outcomes per buyer, all instances',
    labelNames: ['buyer', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await within(jobCountsByBuyer(db), PROBE_TIMEOUT_MS).catch(() => []);
      for (const row of rows) this.set({ buyer: row.buyer_key, status: row.status }, row.count);
    },
  });
  // Issue 30. A database that does not answer leaves these unset for the scrape (database_up says why).
  new Gauge({
    name: 'funnel_delivery_dead_last_hour',
    help: 'Delivery jobs that went dead (retry window over, never accepted) in the last hour, all instances',
    registers: [registry],
    async collect() {
      this.set(await within(deadSince(db, new Date(now().getTime() - 3_600_000)), PROBE_TIMEOUT_MS).catch(() => NaN));
    },
  });
  new Gauge({
    name: 'funnel_delivery_queue_oldest_due_seconds',
    help: 'Seconds since the oldest due delivery job (queued or retrying) was due; 0 when none waits. Rising: no worker is sending',
    registers: [registry],
    async collect() {
      this.set(await within(oldestDueSeconds(db, now()), PROBE_TIMEOUT_MS).catch(() => NaN));
    },
  });
  // Issue 32: auctions waiting or pinging, all instances; rising: no auction runner is turning.
  new Gauge({
    name: 'funnel_auctions_open',
    help: 'Auctions pending or pinging (issue 32), all instances; rising: no auction runner is turning',
    registers: [registry],
    async collect() {
      this.set(await within(openAuctions(db), PROBE_TIMEOUT_MS).catch(() => NaN));
    },
  });
  new Gauge({
    name: 'funnel_buyers_active',
    help: 'Buyers that take leads now (active), all instances: 0 stops every sale',
    registers: [registry],
    async collect() {
      const active = db
        .selectFrom('buyers')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('active', '=', 1)
        .executeTakeFirstOrThrow();
      this.set(
        await within(active, PROBE_TIMEOUT_MS).then(
          (row) => Number(row.count),
          () => NaN,
        ),
      );
    },
  });
  return {
    registry,
    requests,
    requestSeconds,
    leadsStored,
    rateLimitRefusals,
    leadsRouted,
    claimLooks,
    recordCommit: (batch) => {
      if (batch.failed) commitFailures.inc();
      commitWrites.observe(batch.writes);
      commitSeconds.observe(batch.ms / 1000);
    },
  };
}
