/**
 * Issue 9, item 9 (text hygiene, and a lead lost on PostgreSQL), over real HTTP on both databases: typed
 * fields refuse control and format characters and lone surrogates with a 400 naming the field; tracking and
 * page fields have them stripped, so a bad ad macro never costs a lead; nothing reaches either database
 * that it would refuse (PostgreSQL refuses NUL in text: "invalid byte sequence for encoding UTF8: 0x00").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const HOSTILE = ['\u0000', '\u202E', '\uD800', '\uDFFF', '\u200B', '\u001B', '\uFEFF'];
const MESSAGE = 'Please remove invisible or control characters';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe(`typed fields (${TEST_DIALECT})`, () => {
  it.each(
    HOSTILE.flatMap((bad) =>
      (['first_name', 'last_name', 'case_description', 'address'] as const).map((field) => [field, bad] as const),
    ),
  )('%s with %j → 400 naming the field', async (field, bad) => {
    const body = leadBody({
      address: '1 Main St',
      [field]: `${String(leadBody({ address: '1 Main St' })[field])}${bad}x`,
    });
    const res = await postJson(`${server.url}/post-lead`, body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field, message: MESSAGE });
  });

  it('keeps the description\u2019s line breaks', async () => {
    const body = leadBody({ case_description: 'A truck ran the red light.\r\nIt hit my driver side door.' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
  });

  it('refuses them in the opt-out form\u2019s typed fields', async () => {
    const res = await postJson(`${server.url}/api/opt-out`, {
      formData: { firstName: 'Ma\u0000ria' },
      reCaptchaToken: '',
      type: 'do-not-sell-information-form',
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'firstName', message: MESSAGE });
  });
});

describe(`tracking and page fields (${TEST_DIALECT})`, () => {
  it.each(HOSTILE)('stores the lead with %j stripped from affid, sub_id and the page fields', async (bad) => {
    const body = leadBody({
      affid: `12${bad}3`,
      sub_id: `fb${bad}ad`,
      click_id: `${bad}clk`,
      gclid: `g${bad}`,
      landing_page_url: `http://localhost:3000/survey?x=${bad}`,
      tcpa: `I agree${bad}.`,
      trusted_form_cert_id: `cert${bad}`,
      steps_path: [`StartPath${bad}`],
    });
    const res = await postJson(`${server.url}/post-lead`, body);
    expect(res.status).toBe(201);
    // The retry of the same lead is a repeat, never a 500.
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(200);
    const row = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ affid: '123', sub_id: 'fbad', tcpa: 'I agree.', trusted_form_cert_id: 'cert' });
    expect(JSON.parse(row.lead)).toMatchObject({ click_id: 'clk', gclid: 'g', steps_path: ['StartPath'] });
    for (const value of Object.values(row)) expect(String(value)).not.toContain(bad);
  });

  it.each(HOSTILE)('saves progress and pre-submit evidence with %j stripped', async (bad) => {
    const session = `session${bad}1`;
    expect((await postJson(`${server.url}/api/save-data`, { session, data: { note: `a${bad}b` } })).status).toBe(200);
    const saved = await server.db
      .selectFrom('progress_snapshots')
      .select('session')
      .where('session', '=', 'session1')
      .execute();
    expect(saved.length).toBeGreaterThan(0);
    const pre = await postJson(`${server.url}/api/pre-submit`, { zip_code: `787${bad}01`, leadid_token: `t${bad}` });
    expect(pre.status).toBe(204);
  });

  it('stores the lead when the ingest endpoint gets a NUL in affid', async () => {
    expect(
      (await postJson(`${server.url}/api/ingest`, leadBody({ variant: 'minimal', affid: '7\u00007' }))).status,
    ).toBe(201);
  });
});
