/**
 * Environment → how leads are delivered (issue 14; table in docs/decisions/0010-delivery-queue.md and the
 * README). Checked at start like every setting: a bad value stops the server naming the variable.
 */
import { DEFAULT_RETRY_POLICY, type RetryPolicy, type RoutingRule } from '@app/funnel';
import { z } from 'zod';
import { blankIsUnset, parseEnvironment } from '../env-values';

export const DEFAULT_DELIVERY_TIMEOUT_MS = 10_000;
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;
export const DEFAULT_DELIVERY_LEASE_MS = 5_000;

/** The lead-ingest service of §4 (ticket flow, minimal variant): kept here, or posted to Lead Prosper. */
export type LeadIngestConfig =
  | { kind: 'offline' }
  | {
      kind: 'leadprosper';
      url: string;
      campaignId: string;
      supplierId: string;
      key: string;
      testMode: boolean;
    };

export interface DeliveryConfig {
  /** Run the delivery worker in this process (off: jobs are still written, another process sends them). */
  worker: boolean;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** How often the delivery worker and the auction runner look for work they were not told of (a retry or a hold come due, a lease run out, another instance's work); work written in this process is looked for at once. */
  pollMs: number;
  /** Time-out of one attempt, unless the buyer sets its own (its target's timeoutMs, up to 60 s). */
  timeoutMs: number;
  /**
   * Issue 31: a worker's hold on a job it is sending, renewed every third of it while the send runs: a dead
   * worker's jobs are taken over within about 1.25 × this + DELIVERY_POLL_MS.
   */
  leaseMs: number;
  retry: RetryPolicy;
  routing: RoutingRule;
  duplicateWindowDays: number;
  /** PostgreSQL schema of the pg-boss queue. */
  queueSchema: string;
  /** How often pg-boss looks for jobs whose worker died (SIGKILL, crash) to hand them out again. */
  queueMaintenanceSeconds: number;
  leadIngest: LeadIngestConfig;
  /**
   * Issue 29: hosts a buyer's target may name in production although they are not public (a buyer on the
   * same private network); every other loopback, link-local or private target is refused (buyer-checks.ts).
   */
  allowedTargetHosts: string[];
  /** Issue 32: the auction (auction/). */
  auction: {
    /** The operator's floor: no ping bid below it is taken, in cents. */
    floorCents: number;
    /** Auctions pinging at once in this process. */
    concurrency: number;
  };
}

const int = (min: number, max: number, fallback: number) =>
  z.preprocess(blankIsUnset, z.coerce.number().int().min(min).max(max).default(fallback));

/** The variables, before they are checked together (startup/environment-variables.ts lists them). */
export const DeliveryEnvShape = z.object({
  DELIVERY_WORKER: z.preprocess(blankIsUnset, z.enum(['on', 'off']).default('on')),
  DELIVERY_CONCURRENCY: int(1, 1000, 64),
  DELIVERY_POLL_MS: int(10, 60_000, 1000),
  DELIVERY_TIMEOUT_MS: int(100, 60_000, DEFAULT_DELIVERY_TIMEOUT_MS),
  DELIVERY_LEASE_MS: int(300, 120_000, DEFAULT_DELIVERY_LEASE_MS),
  DELIVERY_RETRY_BASE_MS: int(1, 86_400_000, DEFAULT_RETRY_POLICY.baseDelayMs),
  DELIVERY_RETRY_MAX_DELAY_MS: int(1, 86_400_000, DEFAULT_RETRY_POLICY.maxDelayMs),
  DELIVERY_RETRY_WINDOW_MS: int(1, 30 * 86_400_000, DEFAULT_RETRY_POLICY.windowMs),
  DELIVERY_ROUTING: z.preprocess(blankIsUnset, z.enum(['exclusive', 'shared']).default('exclusive')),
  DELIVERY_SHARED_MAX_BUYERS: int(1, 50, 3),
  DELIVERY_DUPLICATE_WINDOW_DAYS: int(0, 3650, DEFAULT_DUPLICATE_WINDOW_DAYS),
  DELIVERY_QUEUE_SCHEMA: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL schema name')
      .default('pgboss'),
  ),
  DELIVERY_QUEUE_MAINTENANCE_SECONDS: int(1, 3600, 30),
  AUCTION_FLOOR: z.preprocess(blankIsUnset, z.coerce.number().min(0).max(10_000).default(0)),
  // An auction holds its slot until its last buyer answers or its deadline passes (1.5 s by default): an
  // instance completes at most AUCTION_CONCURRENCY ÷ that many auctions a second. 100 capped the bench at
  // ~62 a second (62.2 at 75 leads/s offered), and a 50 leads/s load kept three quarters of the slots busy,
  // so a slower moment queued auctions behind the deadline. 300: 200 a second at 1.5 s, beyond what one
  // instance's CPU takes (~10 ms a lead); a slot waiting on pings costs its sockets and a little memory.
  AUCTION_CONCURRENCY: int(1, 5000, 300),
  LEAD_INGEST_PROVIDER: z.preprocess(blankIsUnset, z.enum(['offline', 'leadprosper']).default('offline')),
  LEADPROSPER_URL: z.preprocess(
    blankIsUnset,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.leadprosper.io/direct_post'),
  ),
  LEADPROSPER_CAMPAIGN_ID: z.preprocess(blankIsUnset, z.string().regex(/^\d+$/, 'must be a number').optional()),
  LEADPROSPER_SUPPLIER_ID: z.preprocess(blankIsUnset, z.string().regex(/^\d+$/, 'must be a number').optional()),
  LEADPROSPER_KEY: z.preprocess(blankIsUnset, z.string().trim().optional()),
  LEADPROSPER_TEST_MODE: z.preprocess(blankIsUnset, z.enum(['true', 'false']).default('false')),
  BUYER_TARGET_ALLOWED_HOSTS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((host) =>
            host
              .trim()
              .toLowerCase()
              .replace(/^\[(.*)\]$/, '$1'),
          )
          .filter((host) => host !== ''),
      )
      .pipe(
        z.array(
          z
            .string()
            .refine(
              (host) =>
                /^[a-z0-9.:-]+$/.test(host) && URL.canParse(`http://${host.includes(':') ? `[${host}]` : host}/`),
              'must be a comma-separated list of host names or IP addresses (no ports, no schemes)',
            ),
        ),
      )
      .default([]),
  ),
});

const DeliveryEnvSchema = DeliveryEnvShape.transform((env, ctx): DeliveryConfig => {
  const required = (name: keyof typeof env, value: string | undefined): string => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'required when LEAD_INGEST_PROVIDER=leadprosper' });
    }
    return value ?? '';
  };
  if (env.DELIVERY_RETRY_BASE_MS > env.DELIVERY_RETRY_MAX_DELAY_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['DELIVERY_RETRY_BASE_MS'],
      message: 'must not exceed DELIVERY_RETRY_MAX_DELAY_MS',
    });
  }
  return {
    worker: env.DELIVERY_WORKER === 'on',
    concurrency: env.DELIVERY_CONCURRENCY,
    pollMs: env.DELIVERY_POLL_MS,
    timeoutMs: env.DELIVERY_TIMEOUT_MS,
    leaseMs: env.DELIVERY_LEASE_MS,
    retry: {
      baseDelayMs: env.DELIVERY_RETRY_BASE_MS,
      maxDelayMs: env.DELIVERY_RETRY_MAX_DELAY_MS,
      windowMs: env.DELIVERY_RETRY_WINDOW_MS,
    },
    routing:
      env.DELIVERY_ROUTING === 'exclusive'
        ? { mode: 'exclusive' }
        : { mode: 'shared', maxBuyers: env.DELIVERY_SHARED_MAX_BUYERS },
    duplicateWindowDays: env.DELIVERY_DUPLICATE_WINDOW_DAYS,
    allowedTargetHosts: env.BUYER_TARGET_ALLOWED_HOSTS,
    auction: { floorCents: Math.round(env.AUCTION_FLOOR * 100), concurrency: env.AUCTION_CONCURRENCY },
    queueSchema: env.DELIVERY_QUEUE_SCHEMA,
    queueMaintenanceSeconds: env.DELIVERY_QUEUE_MAINTENANCE_SECONDS,
    leadIngest:
      env.LEAD_INGEST_PROVIDER === 'offline'
        ? { kind: 'offline' }
        : {
            kind: 'leadprosper',
            url: env.LEADPROSPER_URL,
            campaignId: required('LEADPROSPER_CAMPAIGN_ID', env.LEADPROSPER_CAMPAIGN_ID),
            supplierId: required('LEADPROSPER_SUPPLIER_ID', env.LEADPROSPER_SUPPLIER_ID),
            key: required('LEADPROSPER_KEY', env.LEADPROSPER_KEY),
            testMode: env.LEADPROSPER_TEST_MODE === 'true',
          },
  };
});

export function loadDeliveryConfig(env: NodeJS.ProcessEnv = process.env): DeliveryConfig {
  return parseEnvironment(DeliveryEnvSchema, env);
}
