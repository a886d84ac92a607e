/**
 * Issue 29, finding 3: "a deletion request can wipe another person's leads". Over real HTTP on SQLite and
 * PostgreSQL: a form with a stranger's phone lists the stranger's lead as matched by the phone only, not
 * proposed, and it is not deleted (nor the stranger's phone suppressed) unless the operator chooses it;
 * the review shows each lead with the identifiers it matched by, and the requester's name, address, reply
 * channel and agent; nothing is deleted without the confirmation naming the leads.
 */
import { randomUUID } from 'node:crypto';
import { DeletionReviewSchema } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSuppressed } from '../../src/db/suppression-store';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from '../start-test-server';
import { consoleClient, signIn, type ConsoleClient } from './console-client';

let server: TestServer;
let api: ConsoleClient;
beforeAll(async () => {
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' } });
  api = consoleClient(server, await signIn(server, 'privacy@example.com'));
}, 30_000);
afterAll(() => server?.close());

/** A fresh US phone per test, so leads of other tests never match. */
const phoneOf = (n: number) => `(512) 555-${String(n).padStart(4, '0')}`;
let nextPhone = 1000 + Math.floor(Math.random() * 8000);

async function lead(overrides: Record<string, unknown>): Promise<string> {
  const body = leadBody(overrides);
  expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
  return String(body.lead_id);
}

async function deletionRequest(form: Record<string, unknown>): Promise<string> {
  const sent = await postJson(`${server.url}/api/opt-out`, {
    formData: {
      firstName: 'Maria',
      lastName: 'Lopez',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      authorizedAgent: 'no',
      receiveInformationEmail: true,
      requestToDeleteInformation: true,
      agreeTerms: true,
      ...form,
    },
    reCaptchaToken: '',
    type: 'do-not-sell-information-form',
  });
  expect(sent.status).toBe(201);
  return String(sent.body.id);
}

const anonymized = async (id: string) =>
  (await server.db.selectFrom('leads').select('anonymized_at').where('id', '=', id).executeTakeFirstOrThrow())
    .anonymized_at !== null;

describe(`a deletion request deletes only what the operator confirmed (${TEST_DIALECT})`, () => {
  it("lists a stranger's lead matched by the phone only as not proposed, and does not delete it or suppress the phone", async () => {
    const tag = randomUUID().slice(0, 6);
    const phone = phoneOf(nextPhone++);
    const mine = await lead({ email: `maria-${tag}@example.com`, phone });
    const strangerPhone = phoneOf(nextPhone++);
    const strangers = await lead({
      email: `stranger-${tag}@example.com`,
      phone: strangerPhone,
      first_name: 'Ana',
      last_name: 'Diaz',
    });
    // The form gives Maria's email and the stranger's phone.
    const id = await deletionRequest({ email: `maria-${tag}@example.com`, phone: strangerPhone });

    const review = DeletionReviewSchema.parse((await api.get(`/privacy-requests/${id}/review`)).body);
    expect(review.leads.map((l) => [l.id, l.matched_by, l.proposed])).toEqual(
      expect.arrayContaining([
        [mine, ['email'], false],
        [strangers, ['phone'], false],
      ]),
    );
    expect(review.leads.find((l) => l.id === strangers)?.reason).toMatch(/matched by phone only: its email differs/);

    // Completing without naming the leads deletes nothing: the review comes first.
    const unconfirmed = await api.send('POST', `/privacy-requests/${id}`, { decision: 'complete' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.fields).toEqual([{ field: 'leads', message: expect.stringContaining('Review the leads') }]);
    expect(await anonymized(strangers)).toBe(false);

    // The operator verified the email (a reply from it) and confirms Maria's lead, and suppresses the email only.
    const done = await api.send('POST', `/privacy-requests/${id}`, {
      decision: 'complete',
      note: 'email verified; the phone is not hers',
      leads: [mine],
      suppress: ['email'],
    });
    expect(done.status).toBe(200);
    expect(done.body.anonymized).toEqual({ leads: 1, ingestedLeads: 0 });
    expect(await anonymized(mine)).toBe(true);
    expect(await anonymized(strangers)).toBe(false);
    expect(await isSuppressed(server.db, { phone: strangerPhone })).toBe(false);
    expect(await isSuppressed(server.db, { email: `maria-${tag}@example.com` })).toBe(true);
    const audit = await server.db.selectFrom('operator_actions').selectAll().where('target', '=', id).execute();
    expect(JSON.parse(audit[0]!.details)).toMatchObject({
      deleted: [{ id: mine, kind: 'lead', matched_by: ['email'], proposed: false }],
      suppressed: ['email'],
    });
  });

  // The fresh review (issue 29): a forged request denied must not leave a stranger's phone suppressed.
  it('removes the entries a denied request added on arrival', async () => {
    const tag = randomUUID().slice(0, 6);
    const strangerPhone = phoneOf(nextPhone++);
    const id = await deletionRequest({ email: `mal-${tag}@example.com`, phone: strangerPhone });
    expect(await isSuppressed(server.db, { phone: strangerPhone })).toBe(true);
    const denied = await api.send('POST', `/privacy-requests/${id}`, { decision: 'deny', note: 'not verifiable' });
    expect(denied.status).toBe(200);
    expect(await isSuppressed(server.db, { phone: strangerPhone })).toBe(false);
    expect(await isSuppressed(server.db, { email: `mal-${tag}@example.com` })).toBe(false);
  });

  it('proposes a lead matched by the email, the phone and the name the requester gave', async () => {
    const tag = randomUUID().slice(0, 6);
    const phone = phoneOf(nextPhone++);
    const mine = await lead({ email: `both-${tag}@example.com`, phone });
    const id = await deletionRequest({ email: `both-${tag}@example.com`, phone });
    const review = DeletionReviewSchema.parse((await api.get(`/privacy-requests/${id}/review`)).body);
    expect(review.leads).toEqual([
      expect.objectContaining({ id: mine, matched_by: ['email', 'phone'], proposed: true }),
    ]);
  });

  it('does not propose a lead whose name differs, though email and phone match', async () => {
    const tag = randomUUID().slice(0, 6);
    const phone = phoneOf(nextPhone++);
    const theirs = await lead({ email: `shared-${tag}@example.com`, phone, first_name: 'Jose', last_name: 'Ruiz' });
    const id = await deletionRequest({ email: `shared-${tag}@example.com`, phone });
    const review = DeletionReviewSchema.parse((await api.get(`/privacy-requests/${id}/review`)).body);
    expect(review.leads).toEqual([
      expect.objectContaining({
        id: theirs,
        proposed: false,
        reason: expect.stringMatching(/name on the lead \(Jose Ruiz\) differs/),
      }),
    ]);
  });

  it('refuses to delete a lead the request does not match', async () => {
    const tag = randomUUID().slice(0, 6);
    const other = await lead({ email: `other-${tag}@example.com`, phone: phoneOf(nextPhone++) });
    const id = await deletionRequest({ email: `nobody-${tag}@example.com`, phone: phoneOf(nextPhone++) });
    const res = await api.send('POST', `/privacy-requests/${id}`, { decision: 'complete', leads: [other] });
    expect(res.status).toBe(400);
    expect(res.body.fields[0].message).toContain('is not among the leads this request matches');
    expect(await anonymized(other)).toBe(false);
  });

  it("shows the requester's name, address, reply channel and agent with the request", async () => {
    const tag = randomUUID().slice(0, 6);
    const id = await deletionRequest({
      email: `agent-${tag}@example.com`,
      phone: phoneOf(nextPhone++),
      authorizedAgent: 'yes',
      agentFirstName: 'Pat',
      agentLastName: 'Agent',
      agentEmail: `pat-${tag}@example.com`,
      agentPhone: phoneOf(nextPhone++),
      agreeTermsAgent: true,
      receiveInformationMail: true,
    });
    const review = DeletionReviewSchema.parse((await api.get(`/privacy-requests/${id}/review`)).body);
    expect(review.requester).toMatchObject({
      name: 'Maria Lopez',
      address: '1 Main St, Austin, TX 78701',
      reply: { email: true, mail: true },
      agent: { name: 'Pat Agent', email: `pat-${tag}@example.com` },
    });
  });
});
