/**
 * Issue 29, findings 6–8, over real HTTP on SQLite and PostgreSQL:
 * 6. "a lead deleted while its delivery is pending is still sent": an anonymized lead is never sent;
 * 7. "anyone can lock an operator out": wrong passwords count per email and address, and the right
 *    password from another address is answered;
 * 8. "a new password does not end existing sessions": it ends them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOperatorPassword } from '../../src/console/operator-store';
import { hashPassword } from '../../src/console/password-hash';
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
import { consoleClient, OPERATOR_PASSWORD, signIn } from './console-client';

describe(`the console's door (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test's requests come from loopback, a trusted proxy: X-Forwarded-For says which address each is.
    server = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1', DELIVERY_WORKER: 'off' } });
  }, 30_000);
  afterAll(() => server?.close());

  const signInFrom = (ip: string, email: string, password: string) =>
    fetch(`${server.url}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });

  it("refuses an attacker's sixth guess, and answers the operator's right password from another address", async () => {
    await signIn(server, 'locked@example.com', { headers: { 'x-forwarded-for': '198.51.100.20' } });
    for (let i = 0; i < 6; i++) await signInFrom('203.0.113.66', 'locked@example.com', 'wrong guess');
    expect((await signInFrom('203.0.113.66', 'locked@example.com', OPERATOR_PASSWORD)).status).toBe(429);
    // An IPv6 attacker counts by its /64: another address of it is refused too.
    for (let i = 0; i < 6; i++) await signInFrom(`2001:db8:1:2::${i + 1}`, 'locked@example.com', 'wrong guess');
    expect((await signInFrom('2001:db8:1:2::ff', 'locked@example.com', OPERATOR_PASSWORD)).status).toBe(429);
    const operator = await signInFrom('198.51.100.20', 'locked@example.com', OPERATOR_PASSWORD);
    expect(operator.status).toBe(200);
  });

  it('ends every session of an operator whose password is changed', async () => {
    const token = await signIn(server, 'rotated@example.com');
    const api = consoleClient(server, token);
    expect((await api.get('/me')).status).toBe(200);
    expect(
      await setOperatorPassword(server.db, 'rotated@example.com', await hashPassword('a brand new passphrase')),
    ).toBe(true);
    expect((await api.get('/me')).status).toBe(401);
    expect(await signIn(server, 'rotated@example.com', { exists: true, password: 'a brand new passphrase' })).toMatch(
      /.+/,
    );
  });
});

describe(`a lead deleted while its delivery waits (${TEST_DIALECT})`, () => {
  let fake: FakeBuyerServer;
  let first: TestServer;
  beforeAll(async () => {
    fake = await startFakeBuyerServer();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('is not sent: its job is skipped when a worker reaches it', async () => {
    const env = { ...FAST_DELIVERY_ENV, BUYERS_FILE: writeBuyersFile([scenarioBuyer('waiting', fake.url('waiting'))]) };
    // No worker here: the job waits, as it would for a paused buyer.
    first = await startTestServer({ env: { ...env, DELIVERY_WORKER: 'off' } });
    try {
      const phone = `(512) 555-${String(2000 + Math.floor(Math.random() * 7000))}`;
      const email = `waiting-${randomUUID().slice(0, 6)}@example.com`;
      const body = leadBody({ sub_id: 'waiting', email, phone });
      expect((await postJson(`${first.url}/post-lead`, body)).status).toBe(201);
      const leadId = String(body.lead_id);
      expect((await jobsOf(first.db, leadId)).map((j) => j.status)).toEqual(['queued']);

      const sent = await postJson(`${first.url}/api/opt-out`, {
        formData: {
          firstName: 'Maria',
          lastName: 'Lopez',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          email,
          phone,
          authorizedAgent: 'no',
          receiveInformationEmail: true,
          requestToDeleteInformation: true,
          agreeTerms: true,
        },
        reCaptchaToken: '',
        type: 'do-not-sell-information-form',
      });
      const api = consoleClient(first, await signIn(first, 'deleter@example.com'));
      const done = await api.send('POST', `/privacy-requests/${String(sent.body.id)}`, {
        decision: 'complete',
        leads: [leadId],
        // Not suppressed, so only the anonymization can stop the send.
        suppress: [],
      });
      expect(done.body.anonymized.leads).toBe(1);

      const worker = await startTestServer({ env, sharing: first });
      try {
        const [job] = await waitFor(
          () => jobsOf(first.db, leadId),
          (jobs) => isFinal(jobs[0]!.status),
        );
        expect(job).toMatchObject({ status: 'skipped', reason: 'the lead is anonymized or no longer stored' });
        expect(fake.requests.filter((r) => r.firm === 'waiting')).toHaveLength(0);
      } finally {
        await worker.close();
      }
    } finally {
      await first.close();
    }
  });
});
