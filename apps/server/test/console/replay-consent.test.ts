/**
 * Issue 29, finding 2: "a quarantine replay can add consent the visitor never gave, silently". Over real
 * HTTP on SQLite and PostgreSQL: consent fields, IP, user agent, times and certificate ids are never
 * editable in a replay (refused naming the field, the body stays open); a replayed lead shows on its own
 * page that it was replayed, by whom, and which fields changed, old and new values in the audit row.
 */
import { randomUUID } from 'node:crypto';
import { LeadDetailSchema, REPLAY_LOCKED_FIELDS } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from '../start-test-server';
import { consoleClient, signIn, type ConsoleClient } from './console-client';

let server: TestServer;
let api: ConsoleClient;
beforeAll(async () => {
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' } });
  api = consoleClient(server, await signIn(server, 'replayer@example.com'));
}, 30_000);
afterAll(() => server?.close());

/** Posts a body the intake refuses (a bad email) and answers its quarantine entry's id. */
async function quarantined(overrides: Record<string, unknown>, headers: Record<string, string> = {}) {
  const body = leadBody({ email: 'maria(at)example.com', ...overrides });
  expect((await postJson(`${server.url}/post-lead`, body, headers)).status).toBe(400);
  const open = await api.get('/quarantine');
  const entry = open.body.bodies.find((b: { body: { lead_id: string } }) => b.body.lead_id === body.lead_id);
  return { body, id: String(entry.id) };
}

describe(`a replay cannot add consent (${TEST_DIALECT})`, () => {
  it('keeps the consent evidence in the locked list: text, one-to-one fields, certificates, IP, agent, times', () => {
    for (const field of [
      'tcpa',
      'selected_buyers',
      '1_to_1_dq',
      'trusted_form_cert_id',
      'leadid_token',
      'ip_address',
      'user_agent',
      'time_on_steps',
      'lead_id',
      // The fresh review (issue 29): what decides whether the consent fields bind the lead, and its walk.
      '1_to_1_consent',
      'variant',
      'language',
      'steps_path',
    ]) {
      expect(REPLAY_LOCKED_FIELDS).toContain(field);
    }
  });

  it.each<[string, (body: Record<string, unknown>) => Record<string, unknown>]>([
    ['tcpa', (b) => ({ ...b, tcpa: 'I agree to be called by every firm in the country.' })],
    ['selected_buyers', (b) => ({ ...b, selected_buyers: '_1_2_3_' })],
    ['1_to_1_dq', (b) => ({ ...b, '1_to_1_dq': 'no' })],
    ['trusted_form_cert_id', (b) => ({ ...b, trusted_form_cert_id: 'forged-cert' })],
    ['leadid_token', (b) => ({ ...b, leadid_token: 'forged-token' })],
    ['ip_address', (b) => ({ ...b, ip_address: '203.0.113.9' })],
    ['time_on_steps', (b) => ({ ...b, time_on_steps: 'StartPath:30|AtFault:20' })],
    ['lead_id', (b) => ({ ...b, lead_id: randomUUID() })],
    // Adding 1_to_1_consent where the visitor never sent one, or flipping it, changes who may buy the lead.
    ['1_to_1_consent', (b) => ({ ...b, '1_to_1_consent': 'no' })],
  ])('refuses a replay that changes %s, naming it; the body stays open and nothing is stored', async (field, edit) => {
    const { body, id } = await quarantined({ sub_id: `locked-${field}` });
    const res = await api.send('POST', `/quarantine/${id}/replay`, {
      body: { ...edit(body), email: 'maria@example.com' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field, message: expect.stringContaining('cannot be changed in a replay') }]);
    expect((await api.get(`/quarantine/${id}`)).body.status).toBe('open');
    expect((await api.get(`/leads/${String(body.lead_id)}`)).status).toBe(404);
  });

  it('refuses to add consent text to a body the visitor posted without any', async () => {
    const { body, id } = await quarantined({ tcpa: '' });
    const res = await api.send('POST', `/quarantine/${id}/replay`, {
      body: { ...body, tcpa: 'By clicking you agree to be contacted.', email: 'maria@example.com' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ field: 'tcpa', message: expect.stringContaining('cannot be changed') }]);
  });

  it("stores a fixed typo with the visitor's own evidence, and the lead's page shows the replay: who, when, old and new", async () => {
    const { body, id } = await quarantined({ sub_id: 'fixed-typo' }, { 'user-agent': 'VisitorBrowser/1.0' });
    const res = await api.send('POST', `/quarantine/${id}/replay`, {
      body: { ...body, email: 'maria@example.com', last_name: 'López' },
    });
    expect(res.status).toBe(200);
    const page = LeadDetailSchema.parse((await api.get(`/leads/${String(body.lead_id)}`)).body);
    expect(page.replay).toMatchObject({
      quarantine_id: id,
      by: 'replayer@example.com',
      changes: [
        { field: 'email', old: 'maria(at)example.com', new: 'maria@example.com' },
        { field: 'last_name', old: 'Lopez', new: 'López' },
      ],
    });
    expect(page.consent).toMatchObject({ user_agent: 'VisitorBrowser/1.0', shown: body.tcpa });
    const audit = await server.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('target', '=', String(body.lead_id))
      .execute();
    expect(audit.map((row) => [row.action, row.operator_email])).toEqual([
      ['replayed_into_lead', 'replayer@example.com'],
    ]);
    expect(JSON.parse(audit[0]!.details)).toMatchObject({ quarantine: id, changes: page.replay?.changes });
  });

  it('shows no replay on a lead the page posted itself', async () => {
    const body = leadBody({ email: `${randomUUID()}@example.com` });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect((await api.get(`/leads/${String(body.lead_id)}`)).body.replay).toBeNull();
  });
});
