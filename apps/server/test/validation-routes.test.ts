import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeIpqs, ipqsPhoneAnswer, IPQS_TEST_KEY, type FakeIpqsState } from './providers/fake-ipqs';
import { startFakeVendorServer, type FakeVendorServer } from './providers/fake-vendor-server';
import { postJson, startTestServer, type TestServer } from './start-test-server';

describe('validation endpoints with the offline providers', () => {
  let server: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    server = await startTestServer({ logLines });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['A pickup truck ran the red light and hit my car', 'no'],
    ['asdfgh qwerty zxcvb asdfgh', 'yes'],
  ])('POST /api/validate/text %j → is_gibberish %s', async (text, verdict) => {
    expect(await postJson(`${server.url}/api/validate/text`, { text })).toEqual({
      status: 200,
      body: { is_gibberish: verdict },
    });
  });

  it('stores a hashed record of each check, never the raw text', async () => {
    const rows = await server.db.selectFrom('validation_results').selectAll().where('kind', '=', 'text').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('pickup truck');
  });

  it.each([
    ['(512) 555-0100', false, ''],
    ['800-555-0199', true, 'Toll Free'],
    ['123', true, ''],
  ])('POST /api/validate/phone %s → error %s', async (phone, error, lineType) => {
    const res = await postJson(`${server.url}/api/validate/phone`, { phone });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error });
    if (lineType) expect(res.body.line_type).toBe(lineType);
  });

  it('blocks a disposable email once, lets the same address through the second time and alerts (§5)', async () => {
    const first = await postJson(`${server.url}/api/validate/email`, { email: 'jane@mailinator.com' });
    expect(first.body).toMatchObject({ disposable: true, blocked: true });
    const second = await postJson(`${server.url}/api/validate/email`, { email: 'Jane@Mailinator.com' });
    expect(second.body).toMatchObject({ disposable: true, blocked: false });
    const alert = logLines.find((l) => l.includes('let through'));
    expect(alert).toBeDefined();
    expect(alert).not.toContain('mailinator');
  });

  it.each([
    ['/api/validate/text', {}, 'text'],
    ['/api/validate/phone', { phone: 5 }, 'phone'],
    ['/api/validate/email', { email: '' }, 'email'],
  ])('%s answers 400 naming the bad field', async (path, body, field) => {
    const res = await postJson(`${server.url}${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });
});

describe('validation endpoints with vendors', () => {
  let ipqs: FakeVendorServer;
  let textService: FakeVendorServer;
  let server: TestServer;
  const state: FakeIpqsState = { phones: {}, emails: {} };
  beforeAll(async () => {
    ipqs = await startFakeVendorServer(fakeIpqs(state));
    textService = await startFakeVendorServer(() => ({ status: 500, text: 'down' }));
    server = await startTestServer({
      env: {
        PHONE_PROVIDER: 'ipqs',
        EMAIL_PROVIDER: 'ipqs',
        IPQS_API_KEY: IPQS_TEST_KEY,
        IPQS_BASE_URL: ipqs.baseUrl,
        TEXT_CHECK_URL: `${textService.baseUrl}/check`,
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await ipqs.close();
    await textService.close();
  });

  it('refuses fraud score 86 and passes 85 (§5, §9)', async () => {
    state.phones['5125550101'] = ipqsPhoneAnswer({ fraud_score: 85 });
    state.phones['5125550102'] = ipqsPhoneAnswer({ fraud_score: 86 });
    expect((await postJson(`${server.url}/api/validate/phone`, { phone: '5125550101' })).body.error).toBe(false);
    expect((await postJson(`${server.url}/api/validate/phone`, { phone: '5125550102' })).body.error).toBe(true);
  });

  it('does not check the active flag on the older versions’ pages (§5)', async () => {
    state.phones['5125550103'] = ipqsPhoneAnswer({ active: false });
    expect((await postJson(`${server.url}/api/validate/phone`, { phone: '5125550103' })).body.error).toBe(true);
    const older = await postJson(`${server.url}/api/validate/phone`, {
      phone: '5125550103',
      landing_path: '/survey/v2',
    });
    expect(older.body.error).toBe(false);
  });

  it('treats the vendor failing as valid and active (§5, §8)', async () => {
    state.override = { status: 503, text: 'unavailable' };
    const res = await postJson(`${server.url}/api/validate/phone`, { phone: '5125550104' });
    state.override = undefined;
    expect(res.body).toMatchObject({ success: false, error: false });
  });

  it('answers 503 when the text service fails: the check returns nothing (§8)', async () => {
    const res = await postJson(`${server.url}/api/validate/text`, { text: 'A car hit me at the light' });
    expect(res).toEqual({
      status: 503,
      body: { error: 'text_check_unavailable', message: 'The text check gave no answer' },
    });
  });
});
