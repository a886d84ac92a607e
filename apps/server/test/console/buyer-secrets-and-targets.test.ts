/**
 * Issue 29, finding 1 (high): "a buyer's settings read the server's secrets and reach internal hosts". Over
 * real HTTP on SQLite and PostgreSQL: a buyer saved from the console names only a BUYER_SECRET_… variable,
 * passes every check the start-up read of the buyers file passes (one validator), in production posts only
 * to public hosts unless BUYER_TARGET_ALLOWED_HOSTS names one, and its answer is kept and shown only as a
 * status and a short excerpt.
 */
import { randomUUID } from 'node:crypto';
import { BuyerConfigSchema, type BuyerConfigInput } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/services';
import { ANSWER_EXCERPT_CHARS } from '../../src/delivery/delivery-jobs-store';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  isFinal,
  jobsOf,
  scenarioBuyer,
  waitFor,
  writeBuyersFile,
} from '../delivery/delivery-helpers';
import { addOperator } from '../../src/console/operator-store';
import { hashPassword } from '../../src/console/password-hash';
import { consoleClient, OPERATOR_PASSWORD, signIn, type ConsoleClient } from './console-client';
import { PRODUCTION_ENV } from '../production-env';

const httpBuyer = (
  key: string,
  url: string,
  headers: Record<string, { env: string }> = {},
): Omit<BuyerConfigInput, 'key'> => ({
  name: `Firm ${key}`,
  ids: ['4242'],
  price: 10,
  target: { kind: 'http', url, headers },
});

let fake: FakeBuyerServer;
beforeAll(async () => {
  fake = await startFakeBuyerServer();
});
afterAll(() => fake?.close());

describe(`a buyer's secrets (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let api: ConsoleClient;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        ...FAST_DELIVERY_ENV,
        BUYERS_FILE: writeBuyersFile([scenarioBuyer('chatty', fake.url('chatty'))]),
        BUYER_SECRET_FIRM_TOKEN: 'Bearer firm-token',
      },
    });
    api = consoleClient(server, await signIn(server, 'ops@example.com'));
  }, 30_000);
  afterAll(() => server?.close());

  // The variables the review had a console-saved buyer send as headers with the next lead.
  it.each(['DATABASE_URL', 'TWILIO_AUTH_TOKEN', 'LOOKUP_KEY_SECRET', 'RECAPTCHA_SECRET', 'METRICS_TOKEN', 'PATH'])(
    'refuses a buyer naming %s, with a message naming the allow-list; nothing is stored',
    async (name) => {
      const res = await api.send(
        'PUT',
        '/buyers/leaky',
        httpBuyer('leaky', fake.url('leaky'), { 'x-leak': { env: name } }),
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('BUYER_SECRET_');
      expect(
        await server.db.selectFrom('buyers').selectAll().where('key', '=', 'leaky').executeTakeFirst(),
      ).toBeUndefined();
    },
  );

  it('refuses what start-up refuses: the reserved lead-ingest key and secret, a secret that is not set', async () => {
    const reserved = await api.send('PUT', '/buyers/lead-ingest', httpBuyer('lead-ingest', fake.url('x')));
    expect(reserved.status).toBe(400);
    expect(JSON.stringify(reserved.body)).toContain('reserved for the lead-ingest service');

    const ingestKey = await api.send(
      'PUT',
      '/buyers/steals-key',
      httpBuyer('steals-key', fake.url('x'), { authorization: { env: 'BUYER_SECRET_LEAD_INGEST' } }),
    );
    expect(ingestKey.status).toBe(400);
    expect(JSON.stringify(ingestKey.body)).toContain('BUYER_SECRET_LEAD_INGEST is reserved');

    const unset = await api.send(
      'PUT',
      '/buyers/unset',
      httpBuyer('unset', fake.url('x'), { authorization: { env: 'BUYER_SECRET_NOT_SET' } }),
    );
    expect(unset.status).toBe(400);
    expect(JSON.stringify(unset.body)).toContain('environment variable BUYER_SECRET_NOT_SET is not set');
    // Each problem keyed by its field's path, as the schema's are (the console's form shows it there).
    expect(reserved.body).toMatchObject({ error: 'invalid_body', fields: [{ field: 'key' }] });
    expect(ingestKey.body).toMatchObject({ fields: [{ field: 'target.headers.authorization' }] });
    expect(unset.body).toMatchObject({ fields: [{ field: 'target.headers.authorization' }] });
  });

  it('accepts a BUYER_SECRET_ variable that is set, and the buyers file refuses what the console refuses', async () => {
    const ok = await api.send(
      'PUT',
      '/buyers/good-firm',
      httpBuyer('good-firm', fake.url('good'), { authorization: { env: 'BUYER_SECRET_FIRM_TOKEN' } }),
    );
    expect(ok.status).toBe(200);
    const file = writeBuyersFile([
      { key: 'leaky', ...httpBuyer('leaky', fake.url('x'), { 'x-leak': { env: 'DATABASE_URL' } }) },
    ]);
    await expect(startTestServer({ env: { BUYERS_FILE: file } })).rejects.toThrow(/BUYER_SECRET_/);
  });

  it("keeps and shows a buyer's answer only as its status and a short excerpt", async () => {
    fake.behaviour = (r) =>
      r.firm === 'chatty' ? { status: 200, text: `${'internal secret page '.repeat(20_000)}` } : 'buy';
    const lead = leadBody({ sub_id: 'chatty', email: `${randomUUID()}@example.com` });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    const [job] = await waitFor(
      () => jobsOf(server.db, String(lead.lead_id)),
      (jobs) => jobs.length === 1 && jobs[0]!.attempts >= 1 && jobs[0]!.status !== 'sending',
    );
    expect(job!.last_status).toBe(200);
    expect(job!.last_answer.length).toBeLessThanOrEqual(ANSWER_EXCERPT_CHARS);
    const attempts = await server.db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('job_id', '=', job!.id)
      .execute();
    for (const attempt of attempts) expect(attempt.answer_excerpt.length).toBeLessThanOrEqual(ANSWER_EXCERPT_CHARS);
    const shown = await api.get(`/leads/${String(lead.lead_id)}`);
    // The answer was 420,000 characters; the lead's page shows each attempt's short excerpt only.
    expect(shown.status).toBe(200);
    expect(JSON.stringify(shown.body).length).toBeLessThan(20_000);
    fake.behaviour = () => 'buy';
    await waitFor(
      () => jobsOf(server.db, String(lead.lead_id)),
      (jobs) => isFinal(jobs[0]!.status),
    );
  });
});

describe(`a buyer's target in production (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let api: ConsoleClient;
  beforeAll(async () => {
    server = await startTestServer({ env: { ...PRODUCTION_ENV, DELIVERY_WORKER: 'off' } });
    api = consoleClient(server, await signIn(server, 'ops@example.com'));
  }, 30_000);
  afterAll(() => server?.close());

  it('marks the session cookie Secure, though this request came over plain http (issue 29: TLS is the proxy’s)', async () => {
    await addOperator(server.db, {
      email: 'tls@example.com',
      passwordHash: await hashPassword(OPERATOR_PASSWORD),
      now: new Date(),
    });
    const res = await fetch(`${server.url}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tls@example.com', password: OPERATOR_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(String(res.headers.get('set-cookie'))).toMatch(/console_session=[^;]+;.*Secure/);
  });

  it.each([
    ['this server', () => `${server.url}/metrics`],
    ['loopback', () => 'http://127.0.0.1:5432/'],
    ['loopback written as a number', () => 'http://2130706433/'],
    ['loopback written in hex', () => 'http://0x7f.1/'],
    ['IPv6 loopback', () => 'http://[::1]/'],
    ['IPv4-mapped IPv6 loopback', () => 'http://[::ffff:127.0.0.1]/'],
    ['the unspecified address', () => 'http://0.0.0.0:3000/'],
    ['a private range', () => 'https://10.1.2.3/leads'],
    ['another private range', () => 'http://192.168.0.10/'],
    ['cloud metadata (link-local)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/'],
    ['IPv6 unique-local', () => 'http://[fd00::1]/'],
    ['localhost', () => 'http://localhost:6379/'],
    ['localhost with a dot', () => 'http://localhost./'],
    ['a .internal name', () => 'http://metadata.google.internal/'],
    ['a one-label name', () => 'http://postgres:5432/'],
  ])('refuses a target on %s', async (_what, url) => {
    const res = await api.send('PUT', '/buyers/inside', httpBuyer('inside', url()));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/not a public host|path on this server/);
    expect(res.body).toMatchObject({ fields: [{ field: 'target.url' }] });
  });

  it('accepts a public host', async () => {
    expect(
      (await api.send('PUT', '/buyers/outside', httpBuyer('outside', 'https://leads.example-firm.com/post'))).status,
    ).toBe(200);
  });

  it('lets through a host BUYER_TARGET_ALLOWED_HOSTS names, and only that one', async () => {
    const allowing = await startTestServer({
      env: { ...PRODUCTION_ENV, DELIVERY_WORKER: 'off', BUYER_TARGET_ALLOWED_HOSTS: 'buyer.lan, 10.0.0.7' },
    });
    try {
      const ops = consoleClient(allowing, await signIn(allowing, 'ops@example.com'));
      expect((await ops.send('PUT', '/buyers/lan', httpBuyer('lan', 'http://buyer.lan/post'))).status).toBe(200);
      expect((await ops.send('PUT', '/buyers/ten', httpBuyer('ten', 'http://10.0.0.7:8080/post'))).status).toBe(200);
      expect((await ops.send('PUT', '/buyers/other', httpBuyer('other', 'http://10.0.0.8/post'))).status).toBe(400);
    } finally {
      await allowing.close();
    }
  });

  it('refuses at start a buyers file whose target is not public', () => {
    const file = writeBuyersFile([{ key: 'inside', ...httpBuyer('inside', 'http://169.254.169.254/') }]);
    return expect(startTestServer({ env: { ...PRODUCTION_ENV, BUYERS_FILE: file } })).rejects.toThrow(
      /not a public host/,
    );
  });
});

describe(`a stored buyer is looked at again before a lead goes to it, in production (${TEST_DIALECT})`, () => {
  it('does not post to a loopback target written before the rule (a hand-edited row)', async () => {
    let services: Services | undefined;
    const server = await startTestServer({
      env: { ...PRODUCTION_ENV, ...FAST_DELIVERY_ENV },
      exposeServices: (s) => (services = s),
    });
    try {
      const config = BuyerConfigSchema.parse({ ...scenarioBuyer('old-row', fake.url('old-row')) });
      const at = new Date().toISOString();
      await server.db
        .insertInto('buyers')
        .values({
          key: 'old-row',
          name: config.name,
          active: 1,
          config: JSON.stringify(config),
          source: 'operator',
          created_at: at,
          updated_at: at,
        })
        .execute();
      services?.delivery.buyers.refresh();
      const lead = leadBody({ sub_id: 'old-row', email: `${randomUUID()}@example.com` });
      expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
      const [job] = await waitFor(
        () => jobsOf(server.db, String(lead.lead_id)),
        (jobs) => jobs.length === 1 && jobs[0]!.attempts >= 1 && jobs[0]!.status !== 'sending',
        10_000,
      );
      expect(job!.reason).toMatch(/target refused: 127\.0\.0\.1 is a loopback address/);
      expect(fake.requests.filter((r) => r.firm === 'old-row')).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
