/**
 * Issue 9, item 6 (email and phone checks are advisory only), over real HTTP on both databases: every
 * posted lead gets the server's own phone and email verdict (a recent check reused), stored with it; §5's
 * rules (fraud score over 85, Toll Free, disposable) disqualify on the server; the "second block lets it
 * through" rule counts per address within a day, and its alert is sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { fakeIpqs, IPQS_TEST_KEY, ipqsEmailAnswer, ipqsPhoneAnswer, type FakeIpqsState } from './providers/fake-ipqs';
import { startFakeVendorServer, type FakeVendorServer } from './providers/fake-vendor-server';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

async function storedLead(server: TestServer, id: unknown) {
  const row = await server.db
    .selectFrom('leads')
    .select(['is_disqualified', 'dq_reason', 'lead_is_qualified', 'phone_check', 'email_check', 'lead'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  return { ...row, lead: JSON.parse(row.lead) as Record<string, unknown> };
}

describe(`the server's own checks, offline providers (${TEST_DIALECT})`, () => {
  let clock = new Date('2026-11-22T12:00:00Z');
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ now: () => clock, logLines });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores bot@mailinator.com with a toll-free number disqualified, with both verdicts', async () => {
    const body = leadBody({ email: 'bot@mailinator.com', phone: '800-555-0199' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await storedLead(server, body.lead_id);
    expect(row).toMatchObject({
      is_disqualified: 1,
      dq_reason: 'phone_check|failed',
      lead_is_qualified: 'no',
      phone_check: 'failed',
      email_check: 'blocked',
    });
    expect(row.lead).toMatchObject({
      phone_check_reason: 'toll_free',
      email_check_reason: 'disposable',
      do_not_send_to_dq: 'yes',
    });
  });

  it('stores a disposable email with its verdict and disqualifies it', async () => {
    const body = leadBody({ email: 'someone@mailinator.com' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await storedLead(server, body.lead_id);
    expect(row).toMatchObject({ dq_reason: 'email_check|blocked', phone_check: 'passed', email_check: 'blocked' });
    expect(row.lead).toMatchObject({ email_check_reason: 'disposable' });
  });

  it('a script posting the same blocked address twice earns nothing', async () => {
    for (let k = 0; k < 2; k += 1) {
      const body = leadBody({ email: 'again@mailinator.com' });
      expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
      expect((await storedLead(server, body.lead_id)).email_check).toBe('blocked');
    }
  });

  it('§5 second block: the visitor insisting at the step is let through, alerted once, within a day', async () => {
    const email = 'insists@mailinator.com';
    const check = () => postJson(`${server.url}/api/validate/email`, { email });
    expect((await check()).body.blocked).toBe(true);
    expect((await check()).body.blocked).toBe(false);
    expect((await check()).body.blocked).toBe(false);
    const body = leadBody({ email });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await storedLead(server, body.lead_id);
    expect(row).toMatchObject({ email_check: 'let_through', is_disqualified: 0, lead_is_qualified: 'yes' });
    expect(logLines.filter((l) => l.includes('let through'))).toHaveLength(1);

    // A day later the blocks are forgotten: the address is blocked again, and alerted again when let through.
    clock = new Date(clock.getTime() + 24 * 60 * 60_000 + 1000);
    expect((await check()).body.blocked).toBe(true);
    expect((await check()).body.blocked).toBe(false);
    expect(logLines.filter((l) => l.includes('let through'))).toHaveLength(2);
  });

  it('§5 multi-step form: only the phone length is checked, so a toll-free number is not held against it', async () => {
    const body = leadBody({ landing_page_url: 'http://localhost:3000/form', phone: '800-555-0199' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect((await storedLead(server, body.lead_id)).phone_check).toBe('not_checked');
  });
});

describe(`the server's own checks with IPQualityScore (${TEST_DIALECT})`, () => {
  const ipqs: FakeIpqsState = {
    phones: {
      '5125550100': ipqsPhoneAnswer({ fraud_score: 60 }),
      '5125550190': ipqsPhoneAnswer({ fraud_score: 90 }),
    },
    emails: { 'maria@example.com': ipqsEmailAnswer({}) },
  };
  let vendor: FakeVendorServer;
  let server: TestServer;
  beforeAll(async () => {
    vendor = await startFakeVendorServer(fakeIpqs(ipqs));
    server = await startTestServer({
      env: {
        PHONE_PROVIDER: 'ipqs',
        EMAIL_PROVIDER: 'ipqs',
        IPQS_API_KEY: IPQS_TEST_KEY,
        IPQS_BASE_URL: vendor.baseUrl,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await vendor.close();
  });

  it('disqualifies a phone with a fraud score over 85 (§9 cap)', async () => {
    const body = leadBody({ phone: '(512) 555-0190' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await storedLead(server, body.lead_id);
    expect(row).toMatchObject({ phone_check: 'failed', dq_reason: 'phone_check|failed' });
    expect(row.lead).toMatchObject({ phone_check_reason: 'fraud_score' });
  });

  it('reuses the visitor\u2019s recent checks instead of asking the vendor again', async () => {
    const calls = (service: string) => vendor.requests.filter((r) => r.pathname.includes(`/${service}/`)).length;
    expect((await postJson(`${server.url}/api/validate/phone`, { phone: '(512) 555-0100' })).body.error).toBe(false);
    const before = calls('phone');
    const body = leadBody();
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(calls('phone')).toBe(before);
    expect(await storedLead(server, body.lead_id)).toMatchObject({ phone_check: 'passed', email_check: 'passed' });
  });

  it('a vendor that cannot answer counts as valid (§5) and is stored as unavailable', async () => {
    ipqs.override = { status: 503, text: 'down' };
    const body = leadBody({ phone: '(512) 555-0155', email: 'new@example.com' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(await storedLead(server, body.lead_id)).toMatchObject({
      phone_check: 'unavailable',
      email_check: 'unavailable',
      is_disqualified: 0,
    });
    delete ipqs.override;
  });
});
