/**
 * Issue 15, fault test "Limits", over real HTTP on both databases, with the counters in the database and
 * in Redis (a key prefix of this run's own): the SMS and validation limits hold under a burst from one
 * client, all requests at once; and a crowd of visitors behind one carrier-grade NAT address, each walking
 * the funnel, is not refused beyond what a real funnel would see. The numbers and why:
 * docs/operations.md "Limits and shared addresses".
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_LIMIT_PER_MINUTE } from '../src/server-env-schema';
import { connectRateLimitRedis, SMS_RATE_LIMIT, type RateLimitStore } from '../src/http/rate-limit';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, TEST_REDIS_URL, type TestServer } from './start-test-server';

/**
 * Each check route counts apart, DEFAULT_CHECK_LIMIT_PER_MINUTE a minute per address: that many visitors in one
 * minute behind one mobile carrier's address each get all three checks, far more than a funnel sees.
 */
const CROWD = DEFAULT_CHECK_LIMIT_PER_MINUTE;
const CHECKS_PER_VISITOR = 3;

describe.each(['database', 'redis'] as const)(`limits with the counters in the %s (${TEST_DIALECT})`, (where) => {
  let server: TestServer;
  let redis: Redis | undefined;
  const prefix = `funnel-limits-${randomBytes(6).toString('hex')}:`;
  let address = 0;
  /** A new address of its own for each test. */
  const nextAddress = () => `100.64.${(address += 1)}.${where === 'redis' ? 2 : 1}`;

  beforeAll(async () => {
    let rateLimit: RateLimitStore = { keyPrefix: prefix };
    if (where === 'redis') {
      redis = await connectRateLimitRedis(TEST_REDIS_URL);
      rateLimit = { redis, keyPrefix: prefix };
    }
    server = await startTestServer({ rateLimit, env: { TRUST_PROXY: '1', DELIVERY_WORKER: 'off' } });
  });
  afterAll(async () => {
    await server.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it(`a burst of 100 checks at once from one address: exactly ${DEFAULT_CHECK_LIMIT_PER_MINUTE} answered, the rest 429`, async () => {
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        postJson(
          `${server.url}/api/validate/text`,
          { text: `My car was hit at the light ${i}` },
          { 'x-forwarded-for': ip },
        ),
      ),
    );
    const refused = answers.filter((a) => a.status === 429);
    console.log(
      `burst (${where}, ${TEST_DIALECT}): 100 checks at once, ${100 - refused.length} answered, ${refused.length} refused`,
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(DEFAULT_CHECK_LIMIT_PER_MINUTE);
    expect(refused).toHaveLength(100 - DEFAULT_CHECK_LIMIT_PER_MINUTE);
    expect(refused[0]?.body).toMatchObject({ error: 'too_many_requests' });
  });

  it(`a burst of 20 SMS sends at once from one address to 20 phones: exactly ${SMS_RATE_LIMIT.max} sent`, async () => {
    const ip = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(`${server.url}/api/verify/send`, { phone: `(512) 555-${2000 + i}` }, { 'x-forwarded-for': ip }),
      ),
    );
    expect(answers.filter((a) => a.status === 200 && a.body.sent === true)).toHaveLength(SMS_RATE_LIMIT.max);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - SMS_RATE_LIMIT.max);
  });

  it('a burst of 10 SMS sends at once to one phone from 10 addresses: one sent, the others wait the cooldown', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        postJson(`${server.url}/api/verify/send`, { phone: '(512) 555-3999' }, { 'x-forwarded-for': nextAddress() }),
      ),
    );
    expect(answers.filter((a) => a.body?.sent === true)).toHaveLength(1);
    expect(answers.filter((a) => a.body?.sent === false && a.body.retry_after_ms > 0)).toHaveLength(9);
  });

  it(`a crowd of ${CROWD} visitors behind one address, each walking the funnel at once: every check answered, every lead stored`, async () => {
    const ip = nextAddress();
    const headers = { 'x-forwarded-for': ip };
    const walks = Array.from({ length: CROWD }, async (_, i) => {
      const email = `${randomUUID()}@example.com`;
      const phone = `(737) 555-${String(4100 + i)}`;
      const checks = await Promise.all([
        postJson(`${server.url}/api/validate/email`, { email }, headers),
        postJson(`${server.url}/api/validate/phone`, { phone }, headers),
        postJson(`${server.url}/api/validate/text`, { text: 'A van hit my car from behind on the highway' }, headers),
      ]);
      const lead = await postJson(`${server.url}/post-lead`, leadBody({ email, phone }), headers);
      return { checks: checks.map((c) => c.status), lead: lead.status };
    });
    const results = await Promise.all(walks);
    expect(results.flatMap((r) => r.checks).filter((s) => s !== 200)).toEqual([]);
    expect(results.map((r) => r.lead)).toEqual(Array.from({ length: CROWD }, () => 201));

    // One visitor more in that minute: the checks are refused (the page goes on without them, §8), and the
    // lead, which the server checks again itself, is still stored.
    const email = `${randomUUID()}@example.com`;
    const late = await postJson(`${server.url}/api/validate/email`, { email }, headers);
    expect(late.status).toBe(429);
    expect(
      (await postJson(`${server.url}/post-lead`, leadBody({ email, phone: '(737) 555-4999' }), headers)).status,
    ).toBe(201);
    console.log(
      `crowd (${where}, ${TEST_DIALECT}): ${CROWD} visitors × ${CHECKS_PER_VISITOR} checks and a lead from one address: all answered; ` +
        `visitor ${CROWD + 1}: checks refused 429, lead stored 201`,
    );
  });
});
