/**
 * Issue 9, item 2 (forged visitor IPs), over real HTTP on both databases: with a hop count of 1 (one load
 * balancer in front), the hop a visitor writes into X-Forwarded-For is ignored, both by the limits and by
 * the stored ip_address. `true` is refused in production, and a value that is none of the forms anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { SMS_RATE_LIMIT } from '../src/http/rate-limit';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const REAL = '203.0.113.9';

describe(`TRUST_PROXY=1 (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads the visitor from the hop the proxy added, not the one the visitor wrote', async () => {
    const res = await fetch(`${server.url}/api/ip`, { headers: { 'x-forwarded-for': `6.6.6.6, ${REAL}` } });
    expect(await res.json()).toEqual({ ip: REAL });
  });

  it(`limits 12 SMS sends with forged first hops to ${SMS_RATE_LIMIT.max}`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      const res = await postJson(
        `${server.url}/api/verify/send`,
        { phone: `51255504${10 + n}` },
        { 'x-forwarded-for': `10.0.${n}.1, ${REAL}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SMS_RATE_LIMIT.max);
    expect(statuses.slice(SMS_RATE_LIMIT.max)).toEqual(Array.from({ length: 12 - SMS_RATE_LIMIT.max }, () => 429));
  });

  it('stores the real address with the lead, not the forged one', async () => {
    const body = leadBody();
    const res = await postJson(`${server.url}/post-lead`, body, { 'x-forwarded-for': `1.2.3.4, ${REAL}` });
    expect(res.status).toBe(201);
    const row = await server.db
      .selectFrom('leads')
      .select(['ip_address', 'lead'])
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row.ip_address).toBe(REAL);
    expect(JSON.parse(row.lead)).toMatchObject({ ip_address: REAL });
  });
});

describe('TRUST_PROXY as the proxies\u2019 addresses', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('skips the trusted proxies and takes the first other hop', async () => {
    const res = await fetch(`${server.url}/api/ip`, { headers: { 'x-forwarded-for': `6.6.6.6, ${REAL}, 10.1.2.3` } });
    expect(await res.json()).toEqual({ ip: REAL });
  });
});

describe('without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('ignores X-Forwarded-For entirely', async () => {
    const res = await fetch(`${server.url}/api/ip`, { headers: { 'x-forwarded-for': REAL } });
    expect(await res.json()).toEqual({ ip: '127.0.0.1' });
  });
});

describe('reading TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 2001:db8::/32', ['10.0.0.0/8', '2001:db8::/32']],
    ['loopback', ['loopback']],
    ['true', true],
  ])('%s → %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['0', '11', 'yes', '10.0.0.0/99', 'proxy.internal'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /^Invalid environment: TRUST_PROXY: must be false, a hop count/,
    );
  });
});
