import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_LIMIT_PER_MINUTE } from '../src/server-env-schema';
import { connectRateLimitRedis, registerRateLimit, SMS_RATE_LIMIT, validationRateLimit } from '../src/http/rate-limit';
import { postJson, startTestServer, TEST_REDIS_URL, type TestServer } from './start-test-server';

/** The checks a minute per IP and route when CHECK_LIMIT_PER_MINUTE is not set. */
const CHECKS = DEFAULT_CHECK_LIMIT_PER_MINUTE;

async function lookups(url: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  // One after another: the point is the count, not the race.
  for (let n = 0; n < count; n += 1) statuses.push((await fetch(`${url}/us/78701`)).status);
  return statuses;
}

describe('rate limits in the database (no Redis)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it(`refuses zip lookup ${CHECKS + 1} within a minute from one IP, in the app's error shape`, async () => {
    expect(validationRateLimit(DEFAULT_CHECK_LIMIT_PER_MINUTE)).toMatchObject({ max: 30, timeWindow: 60_000 });
    // Malformed and unknown zips count too: a scraper gets no free lookups.
    expect((await fetch(`${server.url}/us/0000x`)).status).toBe(400);
    expect((await fetch(`${server.url}/us/00000`)).status).toBe(404);
    expect(await lookups(server.url, CHECKS - 2)).toEqual(Array.from({ length: CHECKS - 2 }, () => 200));
    const refused = await fetch(`${server.url}/us/78701`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'too_many_requests',
      message: 'Rate limit exceeded, retry in 1 minute',
    });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('30');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('CHECK_LIMIT_PER_MINUTE sets the checks a minute from one IP', async () => {
    const tuned = await startTestServer({ env: { CHECK_LIMIT_PER_MINUTE: '3' } });
    try {
      expect(await lookups(tuned.url, 4)).toEqual([200, 200, 200, 429]);
      const refused = await fetch(`${tuned.url}/us/78701`);
      expect(refused.headers.get('x-ratelimit-limit')).toBe('3');
    } finally {
      await tuned.close();
    }
  });

  it('leaves routes without a limit alone', async () => {
    const res = await postJson(`${server.url}/post-lead`, { nope: true });
    expect(res.status).toBe(400);
  });
});

describe('rate limits shared through Redis', () => {
  const prefix = `funnel-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let first: TestServer;
  let second: TestServer;
  let elsewhere: TestServer;
  beforeAll(async () => {
    redis = await connectRateLimitRedis(TEST_REDIS_URL);
    first = await startTestServer({ rateLimit: { redis, keyPrefix: prefix } });
    second = await startTestServer({ rateLimit: { redis, keyPrefix: prefix } });
    elsewhere = await startTestServer({ rateLimit: { redis, keyPrefix: `${prefix}other:` } });
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close(), elsewhere.close()]);
    await clearKeys(redis, prefix);
    await redis.quit();
  });

  it('counts the requests of every server together', async () => {
    const half = CHECKS / 2;
    expect(await lookups(first.url, half)).toEqual(Array.from({ length: half }, () => 200));
    expect(await lookups(second.url, half)).toEqual(Array.from({ length: half }, () => 200));
    const refused = await fetch(`${first.url}/us/78701`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'too_many_requests' });
    expect((await fetch(`${second.url}/us/78701`)).status).toBe(429);
    // Another key prefix counts apart.
    expect((await fetch(`${elsewhere.url}/us/78701`)).status).toBe(200);
    expect(await redis.keys(`${prefix}*`)).not.toHaveLength(0);
  });
});

describe('when Redis goes away', () => {
  const prefix = `funnel-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let server: TestServer;
  let sms: FastifyInstance;
  beforeAll(async () => {
    redis = await connectRateLimitRedis(TEST_REDIS_URL, () => {});
    server = await startTestServer({ rateLimit: { redis, keyPrefix: prefix } });
    sms = await smsApp(redis, prefix);
  });
  afterAll(async () => {
    await server.close();
    await sms.close();
    // This test's own client is gone; another one clears its keys.
    const cleaner = await connectRateLimitRedis(TEST_REDIS_URL);
    await clearKeys(cleaner, prefix);
    await cleaner.quit();
  });

  it('lets lookups through but sends no SMS', async () => {
    expect((await fetch(`${server.url}/us/78701`)).status).toBe(200);
    redis.disconnect();
    expect((await fetch(`${server.url}/us/78701`)).status).toBe(200);
    expect((await sms.inject({ method: 'POST', url: '/send-code' })).statusCode).toBe(500);
  });
});

describe('the SMS preset', () => {
  const prefix = `funnel-test-${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let sms: FastifyInstance;
  beforeAll(async () => {
    redis = await connectRateLimitRedis(TEST_REDIS_URL);
    sms = await smsApp(redis, prefix);
  });
  afterAll(async () => {
    await sms.close();
    await clearKeys(redis, prefix);
    await redis.quit();
  });

  it('allows 5 codes per 10 minutes from one IP', async () => {
    expect(SMS_RATE_LIMIT).toMatchObject({ max: 5, timeWindow: 600_000 });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n += 1) statuses.push((await sms.inject({ method: 'POST', url: '/send-code' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('connecting to Redis', () => {
  // No hook: with Redis down, the tests above fail in beforeAll, which reports count as skipped; this fails.
  it(`reaches the test Redis at ${TEST_REDIS_URL}`, async () => {
    const redis = await connectRateLimitRedis(TEST_REDIS_URL);
    await redis.quit();
  });

  it('fails at start naming the server, without the password', async () => {
    const attempt = connectRateLimitRedis('redis://:s3cret@127.0.0.1:1', () => {});
    await expect(attempt).rejects.toThrow(/^Redis at redis:\/\/127\.0\.0\.1:1 cannot be reached/);
    await expect(attempt).rejects.not.toThrow(/s3cret/);
  });
});

/** A route only these tests have, standing in for the SMS route to come. */
async function smsApp(redis: Redis, keyPrefix: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerRateLimit(app, { redis, keyPrefix });
  app.post('/send-code', { config: { rateLimit: SMS_RATE_LIMIT } }, () => ({ sent: true }));
  await app.ready();
  return app;
}

async function clearKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
}
