/**
 * Issue 9, item 5 (no limit on /post-lead and /api/ingest), over real HTTP on both databases: per IP (an
 * IPv6 /64 as one) and per email and phone a day; a refused post answers 429 with Retry-After, and the
 * same lead posted again later is stored once (the page's retry, apps/web/src/survey/lead-outbox.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

let clock = new Date('2026-11-22T12:00:00Z');
let server: TestServer;
let n = 0;

/** A new lead from a new visitor and contact, unless told otherwise. */
function post(path: string, overrides: Record<string, unknown> = {}, ip = `198.51.100.${(n % 250) + 1}`) {
  n += 1;
  const body = leadBody({
    email: `visitor${n}@example.com`,
    phone: `512555${String(1000 + n).slice(-4)}`,
    ...overrides,
  });
  return postJson(`${server.url}${path}`, body, { 'x-forwarded-for': ip }).then((res) => ({ ...res, sent: body }));
}

beforeAll(async () => {
  server = await startTestServer({
    now: () => clock,
    env: { TRUST_PROXY: '1', LEAD_LIMIT_PER_CONTACT: '2', LEAD_LIMIT_PER_IP: '3' },
  });
});
afterAll(async () => {
  await server.close();
});

describe.each(['/post-lead', '/api/ingest'])(`%s limits (${TEST_DIALECT})`, (path) => {
  const table = path === '/post-lead' ? 'leads' : 'ingested_leads';
  const stored = async (id: unknown) =>
    (await server.db.selectFrom(table).select('id').where('id', '=', String(id)).execute()).length;

  it('refuses a third new lead for one email within a day with 429 and Retry-After', async () => {
    clock = new Date(clock.getTime() + 2 * 24 * 60 * 60_000);
    const email = `same-${path.length}@example.com`;
    expect((await post(path, { email })).status).toBe(201);
    expect((await post(path, { email })).status).toBe(201);
    const refused = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.251' },
      body: JSON.stringify(leadBody({ email })),
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many leads for this email or phone today',
    });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60);
  });

  it('refuses a third new lead for one phone, and lets the lead in once the day has passed: stored once', async () => {
    const phone = path === '/post-lead' ? '(512) 555-0177' : '(512) 555-0178';
    expect((await post(path, { phone })).status).toBe(201);
    expect((await post(path, { phone })).status).toBe(201);
    const later = await post(path, { phone });
    expect(later.status).toBe(429);
    expect(await stored(later.sent.lead_id)).toBe(0);

    // The page keeps the lead and posts it again after Retry-After.
    clock = new Date(clock.getTime() + 24 * 60 * 60_000 + 1000);
    const retried = await postJson(`${server.url}${path}`, later.sent, { 'x-forwarded-for': '198.51.100.252' });
    // The answer carries the server's verdict (issue 10); a repeat answers the one stored the first time.
    expect(retried).toMatchObject({
      status: 201,
      body: { id: later.sent.lead_id, verdict: { is_disqualified: expect.any(Boolean) } },
    });
    const again = await postJson(`${server.url}${path}`, later.sent, { 'x-forwarded-for': '198.51.100.252' });
    expect(again).toEqual({ status: 200, body: retried.body });
    expect(await stored(later.sent.lead_id)).toBe(1);
  });

  it('answers a repeat of a stored lead 200 even past the contact limit (retries never count)', async () => {
    clock = new Date(clock.getTime() + 2 * 24 * 60 * 60_000);
    const email = `repeat-${path.length}@example.com`;
    const first = await post(path, { email });
    await post(path, { email });
    for (let k = 0; k < 3; k += 1) {
      expect((await postJson(`${server.url}${path}`, first.sent, { 'x-forwarded-for': '198.51.100.253' })).status).toBe(
        200,
      );
    }
  });

  it('refuses a fourth new lead a day from one IPv6 /64', async () => {
    clock = new Date(clock.getTime() + 2 * 24 * 60 * 60_000);
    const statuses: number[] = [];
    for (let k = 1; k <= 4; k += 1) statuses.push((await post(path, {}, `2001:db8:9:${path.length}::${k}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await post(path, { lead_id: randomUUID() }, `2001:db8:9:${path.length + 1}::1`)).status).toBe(201);
  });
});
