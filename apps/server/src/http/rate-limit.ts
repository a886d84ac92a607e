/**
 * Per-IP rate limits, opted into route by route: `app.get(path, { config: { rateLimit: PRESET } }, …)`.
 * The counters live in Redis when REDIS_URL is set, else in the database (db/usage-counter-store.ts), so
 * every server process behind a load balancer counts together either way (docs/decisions/0011). The key is
 * request.ip through the plugin's normalizeIP: an IPv6 address counts by its /64 (one subscriber's whole
 * allocation), an IPv4-mapped one as IPv4. request.ip is the visitor's own address only when TRUST_PROXY
 * names the proxy in front (startup/trust-proxy.ts). A refused request answers 429 in the app's error shape
 * ({error: 'too_many_requests', message}), with retry-after and x-ratelimit-* headers.
 */
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import { countUse } from '../db/usage-counter-store';

export type RateLimitPreset = Readonly<Pick<RateLimitOptions, 'max' | 'timeWindow' | 'skipOnError'>>;

/**
 * Remote checks (zip, phone, email, text) cost a lookup each: 30 a minute per IP per route (the default of
 * CHECK_LIMIT_PER_MINUTE) is ample for a person, and lets a crowd behind one carrier-grade NAT address
 * check in the same minute (limits-burst-and-crowd.test.ts).
 */
export function validationRateLimit(max: number): RateLimitPreset {
  return { max, timeWindow: 60_000, skipOnError: true };
}

/**
 * §7 save-data: one snapshot per step left (about a dozen per walk), each a single insert that costs no
 * lookup. 240 a minute per IP lets twenty visitors behind one carrier-grade NAT address walk a survey in
 * the same minute, while a flood from one address is still cut off (issue 13's snapshots, issue 15's
 * shared addresses).
 */
export const PROGRESS_RATE_LIMIT = {
  max: 240,
  timeWindow: 60_000,
  skipOnError: true,
} as const satisfies RateLimitPreset;

/**
 * SMS codes cost money per message and attract SMS pumping (§4 phone verification; resend cooldown 30 s):
 * 5 per 10 minutes per IP. When Redis is down, SMS is refused rather than sent unlimited.
 */
export const SMS_RATE_LIMIT = {
  max: 5,
  timeWindow: 10 * 60_000,
  skipOnError: false,
} as const satisfies RateLimitPreset;

/** A page raises an alert rarely: 5 per 10 minutes per IP (each distinct alert is sent once anyway). */
export const ALERT_RATE_LIMIT = {
  max: 5,
  timeWindow: 10 * 60_000,
  skipOnError: false,
} as const satisfies RateLimitPreset;

/**
 * New leads (POST /post-lead, /api/ingest) a day per IP: generous, since a carrier-grade NAT puts many
 * visitors behind one address; `max` comes from LEAD_LIMIT_PER_IP. A lead is worth more than the limit
 * protects, so when Redis is away leads are let through.
 */
export function leadRateLimit(max: number): RateLimitPreset {
  return { max, timeWindow: 24 * 60 * 60_000, skipOnError: true };
}

export interface RateLimitStore {
  /** Shared counters in Redis; the database when absent. */
  redis?: Redis | undefined;
  /** Prefix of the keys, so two apps (or two tests) on one Redis count apart. */
  keyPrefix?: string | undefined;
}

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'funnel-rate-limit:';

/** Counters in Redis when `store.redis` is given, else in `database`: never in one process's memory. */
export async function registerRateLimit(
  app: FastifyInstance,
  store: RateLimitStore,
  database?: { db: Kysely<Database>; now: () => Date },
): Promise<void> {
  const keyPrefix = store.keyPrefix ?? DEFAULT_RATE_LIMIT_KEY_PREFIX;
  if (store.redis) {
    await app.register(rateLimit, { global: false, redis: store.redis, nameSpace: keyPrefix });
  } else if (database) {
    const counters = databaseRateLimitStore(database.db, database.now, `rate:${keyPrefix}`);
    await app.register(rateLimit, { global: false, store: counters });
  } else {
    throw new Error('Rate limits need Redis or the database: counters shared by every server instance');
  }
}

const RouteInfoSchema = z.object({
  routeInfo: z.object({ method: z.union([z.string(), z.array(z.string())]), url: z.string() }),
});

/** The plugin's store interface over the shared database counters, one key space per route. */
function databaseRateLimitStore(db: Kysely<Database>, now: () => Date, prefix: string): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly keyPrefix: string = prefix,
    ) {}

    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      const at = now();
      countUse(db, `${this.keyPrefix}${key}`, timeWindow, at).then(
        (use) => callback(null, { current: use.count, ttl: Math.max(0, use.resetAt.getTime() - at.getTime()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the route as routeInfo (as its own Redis store reads it): one key space per route.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = RouteInfoSchema.parse(routeOptions).routeInfo;
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      return new DatabaseRateLimitStore(undefined, `${prefix}${method}${route.url}-`);
    }
  };
}

/** A command not answered within this fails (REDIS_COMMAND_TIMEOUT_MS). */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Connects the Redis client for the counters, failing at start with the URL (without its password) when
 * Redis cannot be reached. Once running, commands fail at once while Redis is away instead of queueing
 * behind a request (the plugin's advice), and within commandTimeoutMs when it is there but silent: a
 * preset's skipOnError then decides, let through or refuse (503, http/dependency-unavailable.ts).
 */
export async function connectRateLimitRedis(
  url: string,
  onError: (message: string) => void = (message) => console.error(message),
  commandTimeoutMs = DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
): Promise<Redis> {
  const where = describeRedisUrl(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    // Issue 31: a frozen Redis (SIGSTOP) keeps its socket and answers nothing; without this bound every
    // rate-limited request waited for it, and the fail-open never came.
    commandTimeout: commandTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // One line per outage, not one per reconnect attempt; without a listener the error would end the process.
  // Quiet until first ready: a failed first connect is thrown below instead.
  let reported = true;
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => {
    lastError = error;
    if (!reported) onError(`Redis at ${where}: ${error.message}`);
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // connect() only says the connection closed; the socket's own error says why.
    const reason = lastError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`Redis at ${where} cannot be reached: ${reason}`, { cause: error });
  }
  return redis;
}

function describeRedisUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}
