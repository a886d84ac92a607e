/**
 * The console's API over real HTTP (issue 16), on SQLite and PostgreSQL: the door (401 without a session,
 * 403 from another site, sign-in limits, sign-out, disabled accounts), the lead list with every filter and
 * keyset paging, a lead's page, the streamed CSV with formulas neutralised, buyers, jobs, the quarantine,
 * and a deletion request processed end to end.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  BuyerSummariesSchema,
  JobListSchema,
  LeadDetailSchema,
  LeadPageSchema,
  PrivacyRequestListSchema,
  QuarantineListSchema,
} from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator, disableOperator } from '../../src/console/operator-store';
import { hashPassword } from '../../src/console/password-hash';
import { leadBody, SURVEY_WALK, ticketBody } from '../lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from '../start-test-server';
import { scenarioBuyer, writeBuyersFile } from '../delivery/delivery-helpers';

const PASSWORD = 'correct horse battery staple';
let server: TestServer;
let session: string;

beforeAll(async () => {
  const buyersFile = writeBuyersFile([scenarioBuyer('firm-a', 'http://127.0.0.1:9/unused', { criteria: {} })]);
  server = await startTestServer({ env: { BUYERS_FILE: buyersFile, DELIVERY_WORKER: 'off' } });
  for (const email of ['ops@example.com', 'gone@example.com', 'tries@example.com']) {
    await addOperator(server.db, { email, passwordHash: await hashPassword(PASSWORD), now: new Date() });
  }
  session = await signIn('ops@example.com', PASSWORD);
}, 60_000);
afterAll(() => server?.close());

async function signIn(email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(`${server.url}/api/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  const token = /console_session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error(`no session cookie in ${cookie}`);
  return token;
}

async function consoleGet(path: string, headers: Record<string, string> = {}, token = session) {
  const res = await fetch(`${server.url}/api/console${path}`, {
    headers: { cookie: `console_session=${token}`, ...headers },
  });
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  // JSON answers parsed (loosely typed, as the other server tests read them); CSV kept as text.
  return { status: res.status, headers: res.headers, body: type.includes('json') ? JSON.parse(text) : text };
}

async function consolePost(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/api/console${path}`, {
    method: 'POST',
    headers: { cookie: `console_session=${session}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe(`the console's door (${TEST_DIALECT})`, () => {
  it.each(['/me', '/leads', '/leads/x', '/leads.csv', '/buyers', '/quarantine', '/privacy-requests'])(
    'GET %s answers 401 without a session, and with a made-up one',
    async (path) => {
      const none = await fetch(`${server.url}/api/console${path}`);
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ error: 'unauthorized' });
      expect((await consoleGet(path, {}, 'forged-token')).status).toBe(401);
    },
  );

  it.each<Record<string, string>>([
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
  ])('refuses a signed-in request from another site with 403 (%j)', async (headers) => {
    const res = await consoleGet('/leads', headers);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'forbidden' });
    const signInFromElsewhere = await fetch(`${server.url}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'ops@example.com', password: PASSWORD }),
    });
    expect(signInFromElsewhere.status).toBe(403);
  });

  it('lets the same site in (Sec-Fetch-Site same-origin, or its own Origin)', async () => {
    expect((await consoleGet('/me', { 'sec-fetch-site': 'same-origin' })).body).toEqual({ email: 'ops@example.com' });
    const host = new URL(server.url).host;
    expect((await consoleGet('/me', { origin: `http://${host}` })).status).toBe(200);
    // Issue 29 ("the cross-site check compares host only"): the same host over another scheme is another site.
    expect((await consoleGet('/me', { origin: `https://${host}` })).status).toBe(403);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie (Secure behind TLS only)', async () => {
    const res = await fetch(`${server.url}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: PASSWORD }),
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('answers a wrong password and an unknown email alike, and names no field', async () => {
    for (const [email, password] of [
      ['ops@example.com', 'wrong password'],
      ['nobody@example.com', PASSWORD],
    ]) {
      const res = await postJson(`${server.url}/api/console/sign-in`, { email, password });
      expect(res).toEqual({ status: 401, body: { error: 'wrong_credentials', message: 'Wrong email or password' } });
    }
    const bad = await postJson(`${server.url}/api/console/sign-in`, { email: '', password: '' });
    expect(bad.status).toBe(400);
  });

  it('stops guessing one account after five tries, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await postJson(`${server.url}/api/console/sign-in`, { email: 'tries@example.com', password: 'x' })).status,
      ).toBe(401);
    }
    const res = await fetch(`${server.url}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'tries@example.com', password: PASSWORD }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends a session at sign-out, and every session of a disabled account', async () => {
    const token = await signIn('gone@example.com', PASSWORD);
    expect((await consoleGet('/me', {}, token)).status).toBe(200);
    await fetch(`${server.url}/api/console/sign-out`, {
      method: 'POST',
      headers: { cookie: `console_session=${token}` },
    });
    expect((await consoleGet('/me', {}, token)).status).toBe(401);

    const again = await signIn('gone@example.com', PASSWORD);
    await disableOperator(server.db, 'gone@example.com', new Date());
    expect((await consoleGet('/me', {}, again)).status).toBe(401);
    expect(
      (await postJson(`${server.url}/api/console/sign-in`, { email: 'gone@example.com', password: PASSWORD })).status,
    ).toBe(401);
  });
});

describe(`leads in the console (${TEST_DIALECT})`, () => {
  const tag = randomUUID().slice(0, 8);
  const bodies = [
    leadBody({ sub_id: tag, first_name: '=HYPERLINK("http://x","go")', email: `a-${tag}@example.com` }),
    leadBody({ sub_id: tag, email: `b-${tag}@example.com`, phone: '(512) 555-0142' }),
    leadBody({ sub_id: tag, email: `c-${tag}@example.com`, zip_code: '37201' }),
    leadBody({
      sub_id: tag,
      email: `d-${tag}@example.com`,
      with_Lawyer: 'yes',
      lawyer_choice: 'have_lawyer',
      interested_in_psf: 'no',
      steps_path: [...SURVEY_WALK.slice(0, 8), 'ConfirmationHasLawyer', 'InterestedInFunding', ...SURVEY_WALK.slice(8)],
    }),
  ];

  beforeAll(async () => {
    for (const body of bodies) expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
  });

  it('lists the newest first, pages by keyset, and filters', async () => {
    const first = await consoleGet('/leads?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.leads).toHaveLength(2);
    expect(first.body.leads[0].seq).toBeGreaterThan(first.body.leads[1].seq);
    const second = await consoleGet(`/leads?limit=2&before=${first.body.next}`);
    expect(second.body.leads[0].seq).toBeLessThan(first.body.leads[1].seq);

    const byEmail = await consoleGet(`/leads?q=${encodeURIComponent(`B-${tag}@Example.com`)}`);
    expect(byEmail.body.leads.map((l: { email: string }) => l.email)).toEqual([`b-${tag}@example.com`]);
    const byPhone = await consoleGet(`/leads?q=${encodeURIComponent('512.555.0142')}`);
    expect(byPhone.body.leads.map((l: { email: string }) => l.email)).toContain(`b-${tag}@example.com`);
    const tennessee = await consoleGet('/leads?state=tn');
    expect(tennessee.body.leads.map((l: { email: string }) => l.email)).toContain(`c-${tag}@example.com`);
    const lawyers = await consoleGet('/leads?qualified=no&dq_reason=have_attorney%7Cyes');
    expect(lawyers.body.leads.map((l: { email: string }) => l.email)).toContain(`d-${tag}@example.com`);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (await consoleGet(`/leads?from=${today}&to=${today}&variant=extended&language=en`)).body.leads.length,
    ).toBeGreaterThanOrEqual(4);
    expect((await consoleGet('/leads?from=2001-01-01&to=2001-01-02')).body.leads).toEqual([]);
    const routed = await consoleGet('/leads?buyer=firm-a&delivery_status=queued');
    expect(routed.body.leads.length).toBeGreaterThan(0);
    for (const lead of routed.body.leads) expect(lead.delivery).toContainEqual({ buyer: 'firm-a', status: 'queued' });
  });

  it('answers 400 naming a bad filter', async () => {
    const res = await consoleGet('/leads?from=yesterday&delivery_status=lost&limit=5000');
    expect(res.status).toBe(400);
    expect([...new Set(res.body.fields.map((f: { field: string }) => f.field))].sort()).toEqual([
      'delivery_status',
      'from',
      'limit',
    ]);
  });

  it('shows a lead with its steps, consent evidence, checks, routing and deliveries', async () => {
    const res = await consoleGet(`/leads/${String(bodies[1]?.lead_id)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      lead: { email: `b-${tag}@example.com`, variant: 'extended' },
      time_on_steps: [
        { step: 'StartPath', seconds: 2 },
        { step: 'AtFault', seconds: 1 },
      ],
      consent: { shown: bodies[1]?.tcpa, version: { id: expect.any(String) } },
      checks: { submission_problems: '' },
      routing: { outcome: 'routed' },
      deliveries: [{ buyer_key: 'firm-a', status: 'queued', attempts: [] }],
    });
    expect((await consoleGet('/leads/no-such-lead')).status).toBe(404);
  });

  it('exports the filtered list as CSV, a formula kept as text', async () => {
    const res = await consoleGet(`/leads.csv?q=${encodeURIComponent(`a-${tag}@example.com`)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = String(res.body).trim().split('\n');
    expect(lines[0]).toBe(
      'received_at,id,variant,language,first_name,last_name,email,phone,zip_code,state,lead_is_qualified,dq_reason,affid,oid,sub_id,deliveries',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""go"")"`);
  });
});

describe(`a large export (${TEST_DIALECT})`, () => {
  it('streams every lead of a filter across its 500-row pages, each once', async () => {
    const tag = `bulk-${randomUUID().slice(0, 6)}`;
    const template = leadBody({ sub_id: tag, email: `${tag}@example.com` });
    expect((await postJson(`${server.url}/post-lead`, template)).status).toBe(201);
    const row = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(template.lead_id))
      .executeTakeFirstOrThrow();
    // Copies of the stored row (seq left to the database): a thousand leads without a thousand posts.
    const copies = Array.from({ length: 1202 }, () => ({ ...row, seq: undefined, id: randomUUID() }));
    for (let i = 0; i < copies.length; i += 200)
      await server.db
        .insertInto('leads')
        .values(copies.slice(i, i + 200))
        .execute();

    const res = await consoleGet(`/leads.csv?q=${encodeURIComponent(`${tag}@example.com`)}`);
    const lines = String(res.body).trim().split('\n');
    expect(lines).toHaveLength(1 + 1203);
    const ids = new Set(lines.slice(1).map((line) => line.split(',')[1]));
    expect(ids.size).toBe(1203);
  }, 60_000);
});

describe(`operations in the console (${TEST_DIALECT})`, () => {
  it('lists buyers with their jobs and caps used; pauses and resumes one; refuses a bad edit', async () => {
    const list = await consoleGet('/buyers');
    const firm = list.body.buyers.find((b: { buyer: { key: string } }) => b.buyer.key === 'firm-a');
    expect(firm).toMatchObject({ capsUsed: { day: expect.any(Number), month: expect.any(Number) } });
    expect((await consolePost('/buyers/firm-a/pause')).body).toEqual({ key: 'firm-a', active: false });
    expect((await consolePost('/buyers/firm-a/resume')).body).toEqual({ key: 'firm-a', active: true });
    expect((await consolePost('/buyers/nobody/pause')).status).toBe(404);
    const res = await fetch(`${server.url}/api/console/buyers/firm-a`, {
      method: 'PUT',
      headers: { cookie: `console_session=${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', price: -3 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_body' });
  });

  it('retries only a dead job', async () => {
    const [job] = await server.db.selectFrom('delivery_jobs').select('id').limit(1).execute();
    expect((await consolePost(`/jobs/${job?.id}/retry`)).status).toBe(409);
    expect((await consolePost('/jobs/nope/retry')).status).toBe(404);
  });

  it('shows a refused body and replays it once fixed', async () => {
    const body = ticketBody({ email: 'not-an-email' });
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(400);
    const open = await consoleGet('/quarantine');
    const entry = open.body.bodies.find((b: { body: { lead_id: string } }) => b.body.lead_id === body.lead_id);
    expect(entry.errors).toContainEqual({ field: 'email', message: 'Please provide a valid email' });
    const stillBad = await consolePost(`/quarantine/${entry.id}/replay`, {});
    expect(stillBad.status).toBe(400);
    const replayed = await consolePost(`/quarantine/${entry.id}/replay`, {
      body: { ...body, email: 'ana@example.com' },
    });
    expect(replayed).toEqual({
      status: 200,
      body: { lead_id: body.lead_id, changes: [{ field: 'email', old: 'not-an-email', new: 'ana@example.com' }] },
    });
    expect((await consolePost(`/quarantine/${entry.id}/replay`, {})).status).toBe(409);
  });

  it('processes a deletion request end to end: the leads anonymized, the contact suppressed, who and when kept', async () => {
    const email = `delete-me-${randomUUID().slice(0, 6)}@example.com`;
    const lead = leadBody({ email });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    const form = {
      formData: {
        firstName: 'Maria',
        lastName: 'Lopez',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        email,
        phone: '(512) 555-0100',
        authorizedAgent: 'no',
        receiveInformationEmail: true,
        requestToDeleteInformation: true,
        agreeTerms: true,
      },
      reCaptchaToken: '',
      type: 'do-not-sell-information-form',
    };
    const sent = await postJson(`${server.url}/api/opt-out`, form);
    expect(sent.status).toBe(201);
    const listed = await consoleGet('/privacy-requests');
    const request = listed.body.requests.find((r: { id: string }) => r.id === sent.body.id);
    expect(request).toMatchObject({ status: 'open', contact: { email }, overdue: false });

    // Issue 29: the review lists what completing would delete; the confirmation names exactly those leads.
    const review = await consoleGet(`/privacy-requests/${request.id}/review`);
    const proposed = review.body.leads
      .filter((l: { proposed: boolean }) => l.proposed)
      .map((l: { id: string }) => l.id);
    expect(proposed).toEqual([lead.lead_id]);
    const done = await consolePost(`/privacy-requests/${request.id}`, {
      decision: 'complete',
      note: 'verified by email',
      leads: proposed,
    });
    expect(done.body).toMatchObject({ kind: 'decided', status: 'completed', suppressed: true });
    expect(done.body.anonymized.leads).toBeGreaterThanOrEqual(1);

    const row = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(lead.lead_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: '', phone: '' });
    expect(row.anonymized_at).not.toBeNull();
    expect(JSON.parse(row.lead)).toMatchObject({ first_name: '', email: '', variant: 'extended' });
    const stored = await server.db
      .selectFrom('opt_out_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'completed', processed_by: 'ops@example.com' });
    const actions = await server.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('target', '=', request.id)
      .execute();
    expect(actions).toEqual([
      expect.objectContaining({ action: 'privacy_request_completed', operator_email: 'ops@example.com' }),
    ]);
    expect((await consolePost(`/privacy-requests/${request.id}`, { decision: 'deny' })).status).toBe(409);
  });
});

/** A POST under another Host header (fetch keeps the URL's). */
function postWithHost(url: string, body: unknown, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe(`the console's screens' calls (${TEST_DIALECT})`, () => {
  it("filters by brand: the Host's brand, as the consent text the lead saw names it", async () => {
    const tag = randomUUID().slice(0, 8);
    const finder = leadBody({ email: `finder-${tag}@example.com` });
    const check = leadBody({ email: `check-${tag}@example.com` });
    expect(await postWithHost(`${server.url}/post-lead`, finder, 'www.injurycasefinder.com')).toBe(201);
    expect((await postJson(`${server.url}/post-lead`, check)).status).toBe(201);
    const emailsOf = async (query: string) =>
      LeadPageSchema.parse((await consoleGet(`/leads?${query}`)).body).leads.map((lead) => lead.email);
    expect(await emailsOf(`brand=injury-finder&from=${new Date().toISOString().slice(0, 10)}`)).toEqual([
      `finder-${tag}@example.com`,
    ]);
    expect(await emailsOf('brand=claim-check')).toContain(`check-${tag}@example.com`);
    expect(await emailsOf('brand=claim-check')).not.toContain(`finder-${tag}@example.com`);
    expect((await consoleGet('/leads?brand=acme')).status).toBe(400);
  });

  it('lists dead jobs (of a buyer), and a retried one leaves the list', async () => {
    const job = await server.db
      .selectFrom('delivery_jobs')
      .select('id')
      .where('buyer_key', '=', 'firm-a')
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    // The worker is off here: the job is made dead as the worker makes it when its retry window ends.
    await server.db
      .updateTable('delivery_jobs')
      .set({ status: 'dead', reason: 'retry window over', finished_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
    const dead = JobListSchema.parse((await consoleGet('/jobs?status=dead&buyer=firm-a')).body);
    expect(dead.jobs.map((j) => j.id)).toContain(job.id);
    expect(JobListSchema.parse((await consoleGet('/jobs?status=dead&buyer=firm-b')).body).jobs).toEqual([]);
    expect((await consoleGet('/jobs?status=lost')).status).toBe(400);
    expect((await consolePost(`/jobs/${job.id}/retry`)).status).toBe(200);
    const after = JobListSchema.parse((await consoleGet('/jobs?status=dead')).body);
    expect(after.jobs.map((j) => j.id)).not.toContain(job.id);
  });

  it('resolves a job whose outcome is unknown: delivered, not delivered, or sent again; each audited (issue 31)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const lead = leadBody({ email: `unknown-${i}-${randomUUID()}@example.com`, phone: `(512) 555-02${10 + i}` });
      expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
      const job = await server.db
        .selectFrom('delivery_jobs')
        .select('id')
        .where('lead_id', '=', String(lead.lead_id))
        .executeTakeFirstOrThrow();
      ids.push(job.id);
    }
    // The worker is off here: the jobs are made outcome_unknown as the worker makes them (a time-out sent to
    // a buyer that does not dedupe).
    await server.db
      .updateTable('delivery_jobs')
      .set({ status: 'outcome_unknown', reason: 'outcome unknown' })
      .where('id', 'in', ids)
      .execute();
    const listed = JobListSchema.parse((await consoleGet('/jobs?status=outcome_unknown')).body);
    expect(listed.jobs.map((j) => j.id)).toEqual(expect.arrayContaining(ids));
    const [delivered, notDelivered, resent] = ids;

    expect((await consolePost(`/jobs/${delivered}/resolve`, { resolution: 'maybe' })).status).toBe(400);
    expect((await consolePost('/jobs/nope/resolve', { resolution: 'delivered' })).status).toBe(404);
    expect((await consolePost(`/jobs/${delivered}/resolve`, { resolution: 'delivered' })).body.job).toMatchObject({
      status: 'accepted',
    });
    // Resolved once: a second decision on the same job is refused.
    expect((await consolePost(`/jobs/${delivered}/resolve`, { resolution: 'resend' })).status).toBe(409);
    expect(
      (await consolePost(`/jobs/${notDelivered}/resolve`, { resolution: 'not_delivered' })).body.job,
    ).toMatchObject({ status: 'dead' });
    const claims = await server.db
      .selectFrom('delivery_contact_claims')
      .select('lead_id')
      .where('buyer_key', '=', 'firm-a')
      .execute();
    expect(claims.map((c) => c.lead_id)).not.toContain(
      (
        await server.db
          .selectFrom('delivery_jobs')
          .select('lead_id')
          .where('id', '=', notDelivered!)
          .executeTakeFirstOrThrow()
      ).lead_id,
    );
    expect((await consolePost(`/jobs/${resent}/resolve`, { resolution: 'resend' })).body.job).toMatchObject({
      status: 'queued',
    });
    const actions = await server.db
      .selectFrom('operator_actions')
      .select(['action', 'details', 'operator_email'])
      .where('action', '=', 'resolve_unknown_job')
      .execute();
    expect(actions.map((a) => String(JSON.parse(a.details).resolution)).sort()).toEqual([
      'delivered',
      'not_delivered',
      'resend',
    ]);
    expect(new Set(actions.map((a) => a.operator_email))).toEqual(new Set(['ops@example.com']));
  });

  it("answers in the shapes the console's pages read (the shared schemas)", async () => {
    const page = LeadPageSchema.parse((await consoleGet('/leads?limit=3')).body);
    const first = page.leads[0];
    if (!first) throw new Error('no lead');
    expect(LeadDetailSchema.safeParse((await consoleGet(`/leads/${first.id}`)).body).error).toBeUndefined();
    expect(BuyerSummariesSchema.safeParse((await consoleGet('/buyers')).body).error).toBeUndefined();
    expect(QuarantineListSchema.safeParse((await consoleGet('/quarantine')).body).error).toBeUndefined();
    expect(PrivacyRequestListSchema.safeParse((await consoleGet('/privacy-requests')).body).error).toBeUndefined();
  });
});
