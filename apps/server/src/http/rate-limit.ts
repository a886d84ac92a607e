/**
 * Per-IP rate limits, opted into route by route: `app.get(path, { config: { rateLimit: PRESET } }, …)`.
 * The counters live in Redis when REDIS_URL is set, so every server process behind a load balancer counts
 * together; otherwise in this process's memory. The key is request.ip, which is the visitor's own address
 * only when TRUST_PROXY is set behind a reverse proxy; without it every visitor shares the proxy's limit.
 * A refused request answers 429 in the app's error shape ({error: 'too_many_requests', message}), with
 * retry-after and x-ratelimit-* headers.
 */
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

export type RateLimitPreset = Readonly<Pick<RateLimitOptions, 'max' | 'timeWindow' | 'skipOnError'>>;

/** Remote checks (zip, phone, email, text) cost a lookup each: 30 a minute per IP is ample for a person. */
export const VALIDATION_RATE_LIMIT = {
  max: 30,
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

export interface RateLimitStore {
  /** Shared counters; memory when absent. */
  redis?: Redis | undefined;
  /** Prefix of the Redis keys, so two apps (or two tests) on one Redis count apart. */
  keyPrefix?: string | undefined;
}

export const DEFAULT_RATE_LIMIT_KEY_PREFIX = 'funnel-rate-limit:';

export async function registerRateLimit(app: FastifyInstance, store: RateLimitStore = {}): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(store.redis ? { redis: store.redis, nameSpace: store.keyPrefix ?? DEFAULT_RATE_LIMIT_KEY_PREFIX } : {}),
  });
}

/**
 * Connects the Redis client for the counters, failing at start with the URL (without its password) when
 * Redis cannot be reached. Once running, commands fail at once while Redis is away instead of queueing
 * behind a request (the plugin's advice): a preset's skipOnError then decides, let through or refuse.
 */
export async function connectRateLimitRedis(
  url: string,
  onError: (message: string) => void = (message) => console.error(message),
): Promise<Redis> {
  const where = describeRedisUrl(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
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
