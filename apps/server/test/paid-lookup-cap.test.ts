/**
 * Issue 29, finding 5: "paid lookups have no site-wide cap, and when the vendor fails leads still qualify
 * and sell. Add a site-wide cap with an operator alert, like the SMS one, and re-check a lead whose checks
 * were unavailable before it is delivered." Over real HTTP on SQLite and PostgreSQL, two server instances
 * on one database and a fake IPQualityScore: the cap is shared, the vendor is not asked past it, the visitor
 * goes on (§5 "a service failure counts as valid"), the operator is alerted once; a lead whose checks were
 * unavailable is held, checked again, and skipped when the check then fails, or sent once its deadline
 * passes with the vendor still down.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBuyerServer, type FakeBuyerServer } from './delivery/fake-buyer-server';
import { FAST_DELIVERY_ENV, jobsOf, scenarioBuyer, waitFor, writeBuyersFile } from './delivery/delivery-helpers';
import { leadBody } from './lead-body';
import { fakeIpqs, IPQS_TEST_KEY, ipqsEmailAnswer, ipqsPhoneAnswer, type FakeIpqsState } from './providers/fake-ipqs';
import { startFakeVendorServer, type FakeVendorServer } from './providers/fake-vendor-server';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const CAP = 3;
const ipqs: FakeIpqsState = { phones: {}, emails: {} };
let vendor: FakeVendorServer;
let buyer: FakeBuyerServer;
let a: TestServer;
let b: TestServer;
const logA: string[] = [];
const logB: string[] = [];
const phoneOf = (n: number) => `512555${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  vendor = await startFakeVendorServer(fakeIpqs(ipqs));
  buyer = await startFakeBuyerServer();
  const env = {
    PHONE_PROVIDER: 'ipqs',
    EMAIL_PROVIDER: 'ipqs',
    IPQS_API_KEY: IPQS_TEST_KEY,
    IPQS_BASE_URL: vendor.baseUrl,
    PAID_LOOKUP_SITE_HOURLY_CAP: String(CAP),
    CHECK_LIMIT_PER_MINUTE: '1000',
  };
  a = await startTestServer({ env: { ...env, DELIVERY_WORKER: 'off' }, logLines: logA });
  b = await startTestServer({ env: { ...env, DELIVERY_WORKER: 'off' }, logLines: logB, sharing: a });
}, 30_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await buyer?.close();
  await vendor?.close();
});

describe(`a site-wide cap on paid lookups (${TEST_DIALECT}, two instances on one database)`, () => {
  it(`asks the vendor at most ${CAP} times an hour across both instances, lets visitors on, alerts once`, async () => {
    const phoneCalls = () => vendor.requests.filter((r) => r.pathname.includes('/phone/')).length;
    const before = phoneCalls();
    const answers: { error?: unknown; success?: unknown }[] = [];
    for (let n = 0; n < CAP + 3; n += 1) {
      const phone = phoneOf(7000 + n);
      ipqs.phones[phone] = ipqsPhoneAnswer({});
      const server = n % 2 === 0 ? a : b;
      const res = await postJson(`${server.url}/api/validate/phone`, { phone });
      expect(res.status).toBe(200);
      answers.push({ error: res.body.error, success: res.body.success });
    }
    expect(phoneCalls() - before).toBe(CAP);
    // §5: a check that cannot answer lets the visitor through.
    for (const answer of answers) expect(answer).toMatchObject({ error: false });
    expect(answers.slice(CAP).map((answer) => answer.success)).toEqual([false, false, false]);
    const alerts = [...logA, ...logB].filter((line) => line.includes('paid phone and email lookups'));
    expect(alerts).toHaveLength(1);
  });
});

describe(`a lead whose checks were unavailable is checked again before delivery (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...FAST_DELIVERY_ENV,
        // The job's deadline: a held job is looked at again then.
        DELIVERY_RETRY_WINDOW_MS: '2500',
        BUYERS_FILE: writeBuyersFile([scenarioBuyer('rechecked', buyer.url('rechecked'))]),
        PHONE_PROVIDER: 'ipqs',
        EMAIL_PROVIDER: 'ipqs',
        IPQS_API_KEY: IPQS_TEST_KEY,
        IPQS_BASE_URL: vendor.baseUrl,
      },
    });
  }, 30_000);
  afterAll(() => server?.close());

  async function postWhileVendorDown(phone: string) {
    const email = `${randomUUID()}@example.com`;
    ipqs.override = { status: 503, text: 'out of credits' };
    const lead = leadBody({ sub_id: 'rechecked', phone, email });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    const id = String(lead.lead_id);
    const held = await waitFor(
      () => jobsOf(server.db, id),
      (jobs) => jobs[0]?.reason.includes('checks still unavailable') === true,
    );
    expect(held[0]).toMatchObject({ attempts: 0 });
    expect(buyer.requests.filter((r) => r.body.email === email)).toEqual([]);
    return { id, email };
  }

  it('skips the job when the check, asked again, fails; the lead keeps the new verdict', async () => {
    const phone = phoneOf(8100);
    const { id, email } = await postWhileVendorDown(phone);
    ipqs.phones[phone] = ipqsPhoneAnswer({ fraud_score: 95 });
    ipqs.emails[email] = ipqsEmailAnswer({});
    delete ipqs.override;
    const [job] = await waitFor(
      () => jobsOf(server.db, id),
      (jobs) => jobs[0]?.status === 'skipped',
    );
    expect(job?.reason).toMatch(/re-checked before delivery: the phone check failed \(fraud_score\)/);
    const row = await server.db
      .selectFrom('leads')
      .select(['phone_check', 'email_check'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone_check: 'failed', email_check: 'passed' });
    expect(buyer.requests.filter((r) => r.body.email === email)).toEqual([]);
  });

  it('sends the lead once its deadline passes with the vendor still down (§5: an outage loses no lead)', async () => {
    const { id, email } = await postWhileVendorDown(phoneOf(8200));
    const [job] = await waitFor(
      () => jobsOf(server.db, id),
      (jobs) => jobs[0]?.status === 'accepted',
    );
    expect(job?.attempts).toBe(1);
    expect(buyer.requests.filter((r) => r.body.email === email)).toHaveLength(1);
    delete ipqs.override;
  });
});
