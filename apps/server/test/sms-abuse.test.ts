/**
 * Issue 9, item 1 (SMS pumping), over real HTTP on both databases: codes go only to valid numbers of the
 * US and its territories that passed the phone check; the §9 cooldown, the per-phone caps, the site-wide
 * cap and codes themselves are shared by every server instance (two apps on one database here); an IPv6
 * /64 counts as one address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESEND_COOLDOWN_MS, SMS_PER_PHONE_DAY, SMS_PER_PHONE_HOUR } from '../src/http/sms-send-guard';
import { SMS_RATE_LIMIT } from '../src/http/rate-limit';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const SITE_CAP = 6;
let clock = new Date('2026-11-22T12:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const logA: string[] = [];
const logB: string[] = [];
let a: TestServer;
let b: TestServer;
let visitor = 0;

/** Each send from its own visitor address (TRUST_PROXY=1), unless one is given. */
function send(server: TestServer, phone: string, ip = `198.51.100.${(visitor += 1) % 250}`) {
  return postJson(`${server.url}/api/verify/send`, { phone }, { 'x-forwarded-for': ip });
}

function loggedCode(lines: string[]): string {
  const line = lines.findLast((l) => /"code":"\d{6}"/.test(l));
  const code = line ? /"code":"(\d{6})"/.exec(line)?.[1] : undefined;
  if (!code) throw new Error('no code in the log');
  return code;
}

beforeAll(async () => {
  const env = { TRUST_PROXY: '1', SMS_SITE_HOURLY_CAP: String(SITE_CAP) };
  a = await startTestServer({ now: () => clock, env, logLines: logA });
  b = await startTestServer({ now: () => clock, env, logLines: logB, sharing: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe(`SMS sends (${TEST_DIALECT}, two server instances on one database)`, () => {
  it.each([
    ['+1 876 927 1234', 'Jamaica'],
    ['+1 416 979 1234', 'Toronto, Canada'],
    ['(809) 221-1234', 'Dominican Republic'],
    ['800-555-0199', 'a toll-free number (fails the phone check)'],
  ])('refuses %s (%s) with 400 and sends nothing', async (phone) => {
    const res = await send(a, phone);
    expect(res).toMatchObject({ status: 400, body: { fields: [{ field: 'phone' }] } });
    expect(logA.join('\n')).not.toMatch(/"code":"\d{6}"/);
  });

  it('sends to the US and its territories (Puerto Rico +1 787)', async () => {
    expect(await send(a, '+1 787 722 1234')).toEqual({ status: 200, body: { sent: true } });
    expect(await send(a, '(512) 555-0101')).toEqual({ status: 200, body: { sent: true } });
  });

  it('a code sent by one instance is approved by the other, once', async () => {
    expect((await send(a, '5125550102')).body).toEqual({ sent: true });
    const code = loggedCode(logA);
    expect((await postJson(`${b.url}/api/verify/check`, { phone: '5125550102', code })).body).toEqual({
      status: 'approved',
    });
    expect((await postJson(`${a.url}/api/verify/check`, { phone: '5125550102', code })).body).toEqual({
      status: 'pending',
    });
  });

  it('the §9 cooldown holds across instances', async () => {
    expect((await send(a, '5125550103')).body).toEqual({ sent: true });
    const again = await send(b, '5125550103');
    expect(again.status).toBe(200);
    expect(again.body.sent).toBe(false);
    expect(again.body.retry_after_ms).toBe(RESEND_COOLDOWN_MS);
    advance(RESEND_COOLDOWN_MS);
    expect((await send(b, '5125550103')).body).toEqual({ sent: true });
  });

  it(`caps one phone at ${SMS_PER_PHONE_HOUR} an hour and ${SMS_PER_PHONE_DAY} a day, whichever instance sends`, async () => {
    advance(60 * 60_000);
    const phone = '5125550104';
    for (let n = 0; n < SMS_PER_PHONE_HOUR; n += 1) {
      expect((await send(n % 2 === 0 ? a : b, phone)).body).toEqual({ sent: true });
      advance(RESEND_COOLDOWN_MS);
    }
    const capped = await send(a, phone);
    expect(capped.status).toBe(429);
    expect(capped.body).toMatchObject({ error: 'too_many_requests', message: expect.stringMatching(/this phone/) });
    expect(Number(capped.body.retry_after_ms)).toBeGreaterThan(0);

    advance(60 * 60_000);
    for (let n = SMS_PER_PHONE_HOUR; n < SMS_PER_PHONE_DAY; n += 1) {
      expect((await send(b, phone)).body).toEqual({ sent: true });
      advance(RESEND_COOLDOWN_MS);
    }
    advance(60 * 60_000);
    expect((await send(a, phone)).status).toBe(429);
  });

  it(`stops the whole site at ${SITE_CAP} codes an hour, alerting once`, async () => {
    advance(24 * 60 * 60_000);
    const statuses: number[] = [];
    for (let n = 0; n < SITE_CAP + 2; n += 1)
      statuses.push((await send(n % 2 === 0 ? a : b, `51255502${10 + n}`)).status);
    expect(statuses).toEqual([...Array.from({ length: SITE_CAP }, () => 200), 429, 429]);
    const alerts = [...logA, ...logB].filter((l) => l.includes('site-wide cap'));
    expect(alerts).toHaveLength(1);
    advance(60 * 60_000);
    expect((await send(b, '5125550299')).body).toEqual({ sent: true });
  });

  it(`counts an IPv6 /64 as one address (${SMS_RATE_LIMIT.max} sends per 10 minutes)`, async () => {
    advance(24 * 60 * 60_000);
    const statuses: number[] = [];
    for (let n = 0; n <= SMS_RATE_LIMIT.max; n += 1) {
      statuses.push((await send(n % 2 === 0 ? a : b, `51255503${10 + n}`, `2001:db8:5:7::${n + 1}`)).status);
    }
    expect(statuses).toEqual([...Array.from({ length: SMS_RATE_LIMIT.max }, () => 200), 429]);
    // Another /64 is another subscriber.
    expect((await send(a, '5125550399', '2001:db8:5:8::1')).status).toBe(200);
  });

  it('never logs the phone number', () => {
    for (const lines of [logA, logB]) {
      expect(lines.join('\n')).not.toMatch(/512555\d{4}|555-01|876927|416979/);
    }
  });
});
