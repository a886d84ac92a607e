/**
 * Issue 14 "Proof": over real HTTP, with a fake buyer on a real local server, on SQLite and PostgreSQL
 * (TEST_DB): accepted, rejected, duplicate, 500s, time-outs, a buyer down for a while then back, and a
 * job dead with the last answer when the retry window is over. Every attempt is recorded and carries
 * the same idempotency key.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import type { Services } from '../../src/services';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from './fake-buyer-server';
import {
  attemptsOf,
  FAST_DELIVERY_ENV,
  isFinal,
  jobsOf,
  routingOf,
  scenarioBuyer,
  waitFor,
  writeBuyersFile,
} from './delivery-helpers';

let server: TestServer;
let buyer: FakeBuyerServer;
const FIRMS = ['accepts', 'rejects', 'duplicates', 'errors', 'times-out', 'goes-down', 'mapped'] as const;

beforeAll(async () => {
  buyer = await startFakeBuyerServer();
  const buyers = FIRMS.map((firm) => scenarioBuyer(firm, buyer.url(firm)));
  buyers[FIRMS.indexOf('mapped')] = scenarioBuyer('mapped', buyer.url('mapped'), {
    target: {
      kind: 'http',
      url: buyer.url('mapped'),
      format: 'form',
      fields: {
        phone_home: 'phone',
        injured: { field: 'physical_injury', format: 'lowercase' },
        src: { value: 'funnel' },
      },
      headers: { authorization: { env: 'BUYER_SECRET_MAPPED_TOKEN' } },
    },
  });
  server = await startTestServer({
    env: { ...FAST_DELIVERY_ENV, BUYERS_FILE: writeBuyersFile(buyers), BUYER_SECRET_MAPPED_TOKEN: 'Bearer s3cret' },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyer?.close();
});

/** Posts a lead for a firm (its sub_id routes it there) and waits until its job is finished. */
async function deliverTo(firm: string, overrides: Record<string, unknown> = {}) {
  const lead = leadBody({ sub_id: firm, email: `${randomUUID()}@example.com`, ...overrides });
  expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
  const [job] = await waitFor(
    () => jobsOf(server.db, String(lead.lead_id)),
    (jobs) => jobs.length === 1 && isFinal(jobs[0]!.status),
  );
  return { lead, job: job!, attempts: await attemptsOf(server.db, job!.id) };
}

describe('delivery outcomes (§ issue 14 Proof)', () => {
  it('accepted: one attempt, the idempotency key and the lead’s fields, latency and answer kept', async () => {
    const { lead, job, attempts } = await deliverTo('accepts');
    expect(job).toMatchObject({ buyer_key: 'accepts', status: 'accepted', attempts: 1, last_status: 200 });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ outcome: 'accepted', http_status: 200, failure: '' });
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(attempts[0]!.answer_excerpt).toContain('ACCEPTED');
    const received = buyer.requests.filter((r) => r.firm === 'accepts');
    expect(received).toHaveLength(1);
    expect(received[0]!.idempotencyKey).toBe(`${String(lead.lead_id)}:accepts`);
    expect(received[0]!.body).toMatchObject({
      lead_id: lead.lead_id,
      phone: '5125550100',
      state: 'TX',
      first_name: 'Maria',
    });
  });

  it('rejected: the buyer’s ERROR ends the job with its message, not retried', async () => {
    buyer.behaviour = (r) =>
      r.firm === 'rejects' ? { status: 200, json: { status: 'ERROR', message: 'Not in service area' } } : 'buy';
    const { job, attempts } = await deliverTo('rejects');
    expect(job).toMatchObject({ status: 'rejected', reason: 'Not in service area', attempts: 1 });
    expect(attempts.map((a) => a.outcome)).toEqual(['rejected']);
  });

  it('duplicate: the buyer’s DUPLICATED ends the job', async () => {
    buyer.behaviour = (r) =>
      r.firm === 'duplicates' ? { status: 200, json: { status: 'DUPLICATED', message: 'Duplicate lead' } } : 'buy';
    const { job } = await deliverTo('duplicates');
    expect(job).toMatchObject({ status: 'duplicate', attempts: 1 });
  });

  it('500s: retried with backoff and the same key until the buyer takes it', async () => {
    let calls = 0;
    buyer.behaviour = (r) => (r.firm === 'errors' && ++calls <= 2 ? { status: 503, text: 'busy' } : 'buy');
    const { lead, job, attempts } = await deliverTo('errors');
    expect(job).toMatchObject({ status: 'accepted', attempts: 3 });
    expect(attempts.map((a) => [a.outcome, a.failure, a.http_status])).toEqual([
      ['failed', 'http-status', 503],
      ['failed', 'http-status', 503],
      ['accepted', '', 200],
    ]);
    const keys = buyer.requests.filter((r) => r.firm === 'errors').map((r) => r.idempotencyKey);
    expect(keys).toEqual(Array(3).fill(`${String(lead.lead_id)}:errors`));
    // Backoff: each retry waited at least half the base delay (100 ms, equal jitter).
    const starts = attempts.map((a) => Date.parse(a.started_at));
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(50);
  });

  it('time-outs: an unanswered request is a failure, retried until answered', async () => {
    let calls = 0;
    buyer.behaviour = (r) => (r.firm === 'times-out' && ++calls === 1 ? { hang: true } : 'buy');
    const { job, attempts } = await deliverTo('times-out');
    expect(job.status).toBe('accepted');
    expect(attempts[0]).toMatchObject({ outcome: 'failed', failure: 'timeout', http_status: null });
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(400);
  });

  it('a buyer down for a while, then back: connections refused are retried, then delivered once', async () => {
    buyer.behaviour = () => 'buy';
    await buyer.down();
    const lead = leadBody({ sub_id: 'goes-down', email: `${randomUUID()}@example.com` });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    // Two refused attempts recorded (the job's counter can run ahead of the attempts' rows, which are
    // written with the turn's other outcomes), then the buyer comes back.
    const [down] = await waitFor(
      () => jobsOf(server.db, String(lead.lead_id)),
      (jobs) => jobs[0] !== undefined,
    );
    await waitFor(
      () => attemptsOf(server.db, down!.id),
      (rows) => rows.filter((a) => a.failure === 'network').length >= 2,
    );
    await buyer.up();
    const [job] = await waitFor(
      () => jobsOf(server.db, String(lead.lead_id)),
      (jobs) => isFinal(jobs[0]?.status ?? ''),
    );
    expect(job!.status).toBe('accepted');
    const attempts = await attemptsOf(server.db, job!.id);
    expect(attempts.filter((a) => a.failure === 'network').length).toBeGreaterThanOrEqual(2);
    expect(buyer.buyer.leadsOf('goes-down')).toHaveLength(1);
  });

  it('maps fields, sends form-encoded with the auth header read from the environment', async () => {
    const { job } = await deliverTo('mapped');
    expect(job.status).toBe('accepted');
    const [received] = buyer.requests.filter((r) => r.firm === 'mapped');
    expect(received!.contentType).toBe('application/x-www-form-urlencoded');
    expect(received!.headers.authorization).toBe('Bearer s3cret');
    expect(received!.body).toEqual({ phone_home: '5125550100', injured: 'yes', src: 'funnel' });
  });
});

describe('dead after the retry window; an operator retries it, pauses a buyer', () => {
  let short: TestServer;
  let services: Services;
  beforeAll(async () => {
    short = await startTestServer({
      exposeServices: (s) => (services = s),
      env: {
        ...FAST_DELIVERY_ENV,
        DELIVERY_RETRY_WINDOW_MS: '700',
        BUYERS_FILE: writeBuyersFile([scenarioBuyer('dies', buyer.url('dies'))]),
      },
    });
  }, 30_000);
  afterAll(() => short?.close());

  it('keeps failing: the job ends dead with the last answer, and its claims and cap place are given back', async () => {
    buyer.behaviour = (r) => (r.firm === 'dies' ? { status: 502, text: 'Bad gateway from upstream' } : 'buy');
    const lead = leadBody({ sub_id: 'dies', email: `${randomUUID()}@example.com` });
    expect((await postJson(`${short.url}/post-lead`, lead)).status).toBe(201);
    const [job] = await waitFor(
      () => jobsOf(short.db, String(lead.lead_id)),
      (jobs) => isFinal(jobs[0]?.status ?? ''),
    );
    expect(job).toMatchObject({ status: 'dead', last_status: 502, last_answer: 'Bad gateway from upstream' });
    expect(job!.reason).toBe('retry window over; last: HTTP 502');
    expect(job!.attempts).toBeGreaterThanOrEqual(2);
    const claims = await short.db
      .selectFrom('delivery_contact_claims')
      .selectAll()
      .where('lead_id', '=', String(lead.lead_id))
      .execute();
    expect(claims).toEqual([]);
    const usage = await short.db
      .selectFrom('buyer_cap_usage')
      .select(['used'])
      .where('buyer_key', '=', 'dies')
      .execute();
    expect(usage.map((u) => u.used)).toEqual([0, 0]);

    // The buyer is fixed; an operator retries the dead job: a fresh window, the same idempotency key.
    buyer.behaviour = () => 'buy';
    expect(await services.delivery.retryJob(job!.id)).toMatchObject({ ok: true, job: { status: 'queued' } });
    const [retried] = await waitFor(
      () => jobsOf(short.db, String(lead.lead_id)),
      (jobs) => jobs[0]?.status === 'accepted',
    );
    expect(retried!.attempts).toBeGreaterThan(job!.attempts);
    expect(
      buyer.requests.filter((r) => r.firm === 'dies').every((r) => r.idempotencyKey === `${String(lead.lead_id)}:dies`),
    ).toBe(true);
    expect(await services.delivery.retryJob(job!.id)).toEqual({ ok: false, reason: 'the job is accepted, not dead' });
  });

  it('sends nothing to a paused buyer, and again once it is resumed', async () => {
    expect(await services.delivery.pauseBuyer('dies', true)).toBe(true);
    const paused = leadBody({ sub_id: 'dies', email: `${randomUUID()}@example.com`, phone: '(512) 555-0177' });
    expect((await postJson(`${short.url}/post-lead`, paused)).status).toBe(201);
    expect(await jobsOf(short.db, String(paused.lead_id))).toEqual([]);
    expect(await routingOf(short.db, String(paused.lead_id))).toMatchObject({
      outcome: 'not_sent',
      buyers: [{ buyer: 'dies', result: 'refused', reason: 'inactive' }],
    });
    expect(await services.delivery.pauseBuyer('dies', false)).toBe(true);
    const resumed = leadBody({ sub_id: 'dies', email: `${randomUUID()}@example.com`, phone: '(512) 555-0178' });
    expect((await postJson(`${short.url}/post-lead`, resumed)).status).toBe(201);
    await waitFor(
      () => jobsOf(short.db, String(resumed.lead_id)),
      (jobs) => jobs[0]?.status === 'accepted',
    );
  });
});
