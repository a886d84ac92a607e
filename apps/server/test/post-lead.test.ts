import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, SURVEY_WALK } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const NOW = new Date('2026-11-22T15:00:00Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW });
});
afterAll(async () => {
  await server.close();
});

async function storedLead(id: string) {
  const row = await server.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return {
    row,
    lead: JSON.parse(row.lead) as Record<string, unknown>,
    submission: JSON.parse(row.submission) as Record<string, unknown>,
  };
}

describe('POST /post-lead', () => {
  const QUALIFIED = { is_disqualified: false, dq_reason: '', lead_is_qualified: 'yes' };

  it('stores a new lead and answers 201 with its id and the server’s verdict', async () => {
    const body = leadBody();
    const res = await postJson(`${server.url}/post-lead`, body, { 'user-agent': 'test-agent', 'sec-gpc': '1' });
    expect(res).toEqual({ status: 201, body: { id: body.lead_id, verdict: QUALIFIED } });
    const { row, lead } = await storedLead(String(body.lead_id));
    expect(row).toMatchObject({
      variant: 'extended',
      email: 'maria@example.com',
      phone: '5125550100',
      state: 'TX',
      lead_is_qualified: 'yes',
      is_disqualified: 0,
    });
    expect(lead).toMatchObject({
      city: 'Austin',
      state: 'TX',
      state_long: 'Texas',
      county: 'Travis',
      incident_date: '2026-10-05',
      days_from_incident_date: 48,
      accident_within_last_year: 'yes',
      accident_limit_exceeded: 0,
      enough_words: 'yes',
      is_gibberish: 'no',
      bad_words: 'no',
      user_agent: 'test-agent',
      ip_address: '127.0.0.1',
      sec_gpc: 'yes',
      received_at: NOW.toISOString(),
    });
  });

  it('answers 200 with the stored id for a repeated id and keeps one row', async () => {
    const body = leadBody();
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const again = await postJson(`${server.url}/post-lead`, { ...body, first_name: 'Changed', last_name: 'Shit' });
    // The verdict stored the first time stands, whatever the repeat says.
    expect(again).toEqual({ status: 200, body: { id: body.lead_id, verdict: QUALIFIED } });
    const rows = await server.db.selectFrom('leads').select(['id']).where('id', '=', String(body.lead_id)).execute();
    expect(rows).toHaveLength(1);
    expect((await storedLead(String(body.lead_id))).lead.first_name).toBe('Maria');
  });

  it('creates exactly one row when the same id arrives many times at once', async () => {
    const body = leadBody();
    const results = await Promise.all(Array.from({ length: 12 }, () => postJson(`${server.url}/post-lead`, body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(11);
    const count = await server.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('answers the verdict only the server can reach: a gibberish name, which the browser cannot see (issue 10)', async () => {
    const body = leadBody({ last_name: 'Xkcdq' });
    const res = await postJson(`${server.url}/post-lead`, body);
    expect(res.body.verdict).toEqual({
      is_disqualified: true,
      dq_reason: 'name_gibberish|yes',
      lead_is_qualified: 'no',
    });
  });

  it('ignores a verdict sent by the client and stores its own', async () => {
    const body = leadBody({
      with_Lawyer: 'yes',
      lawyer_choice: 'have_lawyer',
      // §4: a lawyer for a recent accident goes on to ConfirmationHasLawyer and InterestedInFunding.
      interested_in_psf: 'no',
      steps_path: [...SURVEY_WALK.slice(0, 8), 'ConfirmationHasLawyer', 'InterestedInFunding', ...SURVEY_WALK.slice(8)],
      lead_is_qualified: 'yes',
      is_disqualified: false,
      dq_reason: '',
      city: 'Fake',
    });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const { row, lead, submission } = await storedLead(String(body.lead_id));
    expect(row).toMatchObject({ lead_is_qualified: 'no', is_disqualified: 1, dq_reason: 'have_attorney|yes' });
    expect(lead.city).toBe('Austin');
    expect(submission).not.toHaveProperty('lead_is_qualified');
  });

  it('judges the accident age with its own clock and the state of the zip (TN: 1 year)', async () => {
    const body = leadBody({ zip_code: '37201', injury_year: '2025', injury_month: '11', injury_day: '21' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const { lead } = await storedLead(String(body.lead_id));
    expect(lead).toMatchObject({
      state: 'TN',
      accident_limit_exceeded: 1,
      dq_reason: 'date|accident_limit_exceeded',
      lead_is_qualified: 'no',
    });
  });

  it('keeps a lead whose zip is unknown, with empty place fields', async () => {
    const body = leadBody({ zip_code: '00000' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect((await storedLead(String(body.lead_id))).lead).toMatchObject({
      city: '',
      state: '',
      accident_limit_exceeded: 0,
    });
  });

  it('answers 400 naming every bad field', async () => {
    const res = await postJson(
      `${server.url}/post-lead`,
      leadBody({ email: 'nope', phone: '123', lead_id: 'x', language: 'fr', first_name: undefined }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_body');
    const fields = (res.body.fields as { field: string }[]).map((f) => f.field).sort();
    expect(fields).toEqual(['email', 'first_name', 'language', 'lead_id', 'phone']);
    expect(res.body.fields).toContainEqual({ field: 'email', message: 'Please provide a valid email' });
  });

  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    expect((await postJson(`${server.url}/post-lead`, '{"lead_id":')).status).toBe(400);
    const arr = await postJson(`${server.url}/post-lead`, '[1,2]');
    expect(arr.status).toBe(400);
    expect(arr.body.fields[0].field).toBe('(body)');
  });

  it('answers 413 for a body over 64 KB', async () => {
    const res = await postJson(`${server.url}/post-lead`, leadBody({ case_description: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('body_too_large');
  });

  // PostgreSQL's counterpart (synchronous_commit=on) is in database.test.ts.
  it.runIf(TEST_DIALECT === 'sqlite')('writes through WAL with synchronous=FULL', async () => {
    const mode = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(server.db);
    const sync = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(server.db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    expect(sync.rows[0]?.synchronous).toBe(2);
  });
});

describe('GET /us/{zip}', () => {
  it.each([
    ['78701', 200, { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' }],
    ['00000', 404, { error: 'unknown_zip', message: 'No US place for zip 00000' }],
    ['7870a', 400, { error: 'invalid_zip', message: 'zip must be 5 digits' }],
  ])('%s → %i', async (zip, status, body) => {
    const res = await fetch(`${server.url}/us/${zip}`);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual(body);
  });
});

describe('consent evidence (issue 4)', () => {
  it('stores the consent text, page, IP, agent and certificate ids in their own columns', async () => {
    const body = leadBody({ trusted_form_cert_id: 'tf-cert-123', leadid_token: 'jornaya-456' });
    expect((await postJson(`${server.url}/post-lead`, body, { 'user-agent': 'evidence-agent' })).status).toBe(201);
    const row = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tcpa: body.tcpa,
      landing_page_url: body.landing_page_url,
      ip_address: '127.0.0.1',
      user_agent: 'evidence-agent',
      trusted_form_cert_id: 'tf-cert-123',
      jornaya_leadid: 'jornaya-456',
      language: 'en',
    });
  });
});
