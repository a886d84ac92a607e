import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody, ticketBody } from './lead-body';
import { startFakeVendorServer, type FakeVendorServer } from './providers/fake-vendor-server';
import { postJson, startTestServer, type TestServer } from './start-test-server';

const NOW = new Date('2026-11-20T15:00:00Z'); // a Friday

function optOut(formData: Record<string, unknown> = {}, reCaptchaToken = '') {
  return {
    type: 'do-not-sell-information-form',
    reCaptchaToken,
    formData: {
      firstName: 'Maria',
      lastName: 'Lopez',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      email: 'maria.optout@example.com',
      phone: '(512) 555-0177',
      authorizedAgent: 'no',
      receiveInformationEmail: true,
      optOutOfSaleOrSharingOfInformation: true,
      agreeTerms: true,
      ...formData,
    },
  };
}

describe('opt-out requests (§3, §5, §7)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => NOW });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores the request with its due date (15 business days for opt-out of sale) and Sec-GPC', async () => {
    const res = await postJson(`${server.url}/api/opt-out`, optOut(), { 'sec-gpc': '1' });
    expect(res.status).toBe(201);
    expect(res.body.due_at).toBe('2026-12-11');
    const [row] = await server.db.selectFrom('opt_out_requests').selectAll().where('id', '=', res.body.id).execute();
    expect(row).toMatchObject({ sec_gpc: 'yes' });
  });

  it('gives delete requests 45 days', async () => {
    const res = await postJson(
      `${server.url}/api/opt-out`,
      optOut({ optOutOfSaleOrSharingOfInformation: false, requestToDeleteInformation: true, email: 'del@example.com' }),
    );
    expect(res.body.due_at).toBe('2027-01-04');
  });

  it('keeps a later lead of an opted-out person but never qualifies it', async () => {
    const lead = leadBody({ email: 'maria.optout@example.com' });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    const row = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(lead.lead_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lead_is_qualified: 'no', dq_reason: 'suppressed|yes' });
    expect(JSON.parse(row.lead)).toMatchObject({ suppressed: 'yes', do_not_send_to_dq: 'yes' });
  });

  it('answers 400 with the §5 message for each bad field', async () => {
    const res = await postJson(
      `${server.url}/api/opt-out`,
      optOut({ firstName: '', email: 'nope', phone: '(512) 555', agreeTerms: false }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'email', message: 'Valid email is required' },
      { field: 'phone', message: 'Phone number is incomplete' },
      { field: 'agreeTerms', message: 'Terms are not checked' },
    ]);
  });
});

describe('opt-out with reCAPTCHA configured', () => {
  let google: FakeVendorServer;
  let server: TestServer;
  beforeAll(async () => {
    // Issue 29: a token solved on another site is answered success with that site's hostname.
    const answers: Record<string, object> = {
      'good-token': { success: true },
      'own-site-token': { success: true, hostname: '127.0.0.1' },
      'other-site-token': { success: true, hostname: 'evil.example' },
    };
    google = await startFakeVendorServer((request) => ({
      status: 200,
      json: answers[new URLSearchParams(request.body).get('response') ?? ''] ?? {
        success: false,
        'error-codes': ['invalid-input-response'],
      },
    }));
    server = await startTestServer({
      env: { RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: `${google.baseUrl}/siteverify` },
    });
  });
  afterAll(async () => {
    await server.close();
    await google.close();
  });

  it.each([
    ['', 400],
    ['bad-token', 400],
    ['good-token', 201],
    ['own-site-token', 201],
    ['other-site-token', 400],
  ])('token %j → %i', async (token, status) => {
    const res = await postJson(
      `${server.url}/api/opt-out`,
      optOut({ email: `captcha-${status}-${token}@example.com` }, token),
    );
    expect(res.status).toBe(status);
    if (status === 400)
      expect(res.body.fields).toEqual([{ field: 'reCaptchaToken', message: 'Please complete the reCaptcha' }]);
  });
});

describe('the default lead-ingest endpoint and provider failures (§4, §8)', () => {
  let zippo: FakeVendorServer;
  let server: TestServer;
  beforeAll(async () => {
    zippo = await startFakeVendorServer(() => ({ status: 502, text: 'bad gateway' }));
    server = await startTestServer({
      env: { ZIP_PROVIDER: 'zippopotam', ZIPPOPOTAM_BASE_URL: zippo.baseUrl, TEXT_CHECK_URL: `${zippo.baseUrl}/text` },
    });
  });
  afterAll(async () => {
    await server.close();
    await zippo.close();
  });

  it('ingests a ticket lead once (201, then 200) with the server’s own reading', async () => {
    const body = ticketBody();
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(201);
    expect((await postJson(`${server.url}/api/ingest`, body)).status).toBe(200);
    const rows = await server.db
      .selectFrom('ingested_leads')
      .selectAll()
      .where('id', '=', String(body.lead_id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.source).toBe('ticket');
    expect(JSON.parse(rows[0]?.body ?? '{}')).toMatchObject({
      ticket_type: 'speeding',
      lead_is_qualified: 'yes',
      variant: 'ticket',
      submission_problems: [],
    });
  });

  it('stores a lead with empty place fields when the zip vendor fails, and judges the text locally', async () => {
    const body = leadBody();
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await server.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', String(body.lead_id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.lead)).toMatchObject({ city: '', state: '', is_gibberish: 'no' });
  });

  it('answers 503 on GET /us/{zip} when the zip vendor fails', async () => {
    const res = await fetch(`${server.url}/us/78701`);
    expect(res.status).toBe(503);
  });

  it('refuses a bad ingest body naming the fields', async () => {
    const res = await postJson(`${server.url}/api/ingest`, leadBody({ email: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'email', message: 'Please provide a valid email' });
  });
});
