/**
 * What an operator watches (issue 15): Prometheus metrics through prom-client, one registry per app.
 * Counted in this process: requests and their latency by route and status, leads stored, commit batch
 * sizes (SQLite group commit), rate-limit refusals. Read from the shared database when scraped, so every
 * instance reports the same: the delivery queue's depth and the jobs per buyer and status (delivery
 * outcomes). Plus prom-client's process metrics (memory, CPU, event-loop lag). Served by routes/metrics.ts.
 */
import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CommitBatch } from '../db/commit-feed';
import type { Database } from '../db/schema';
import { jobCountsByBuyer, queueDepth } from '../delivery/delivery-jobs-store';

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestSeconds: Histogram<'method' | 'route' | 'status'>;
  leadsStored: Counter<'source'>;
  rateLimitRefusals: Counter<'route'>;
  recordCommit: (batch: CommitBatch) => void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

export function createMetrics(db: Kysely<Database>): Metrics {
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
      this.set(await queueDepth(db));
    },
  });
  new Gauge({
    name: 'funnel_delivery_jobs',
    help: 'Delivery jobs by buyer and status (delivered, rejected, failed, …): the outcomes per buyer, all instances',
    labelNames: ['buyer', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobCountsByBuyer(db)) this.set({ buyer: row.buyer_key, status: row.status }, row.count);
    },
  });
  return {
    registry,
    requests,
    requestSeconds,
    leadsStored,
    rateLimitRefusals,
    recordCommit: (batch) => {
      if (batch.failed) commitFailures.inc();
      commitWrites.observe(batch.writes);
      commitSeconds.observe(batch.ms / 1000);
    },
  };
}
