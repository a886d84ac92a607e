/** Every JSON endpoint answers a bad body with 400 and the fields that failed (issue 4 hardening). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from './start-test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('bad bodies', () => {
  it.each([
    ['/post-lead', { lead_id: 'x' }, ['lead_id', 'email']],
    ['/api/ingest', {}, ['lead_id', 'first_name']],
    ['/api/pre-submit', { lead_id: 'not-a-uuid' }, ['lead_id']],
    ['/api/bad-words-report', {}, ['lead_id']],
    ['/api/validate/text', { text: '' }, ['text']],
    ['/api/validate/phone', {}, ['phone']],
    ['/api/validate/email', { email: 7 }, ['email']],
    ['/api/verify/send', {}, ['phone']],
    ['/api/verify/check', { phone: '5125550100' }, ['code']],
    ['/api/save-data', { session: '' }, ['session']],
    ['/send-slack-message', { text: 'free text is never forwarded' }, ['kind']],
    ['/api/opt-out', { type: 'something-else' }, ['type']],
    ['/inbound/get-mappings', { affid: -1 }, ['affid', 'oid']],
    ['/buyers/get-available', { fields: 'TX' }, ['fields']],
  ])('POST %s %j → 400 naming %j', async (path, body, fields) => {
    const res = await postJson(`${server.url}${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_body');
    const named = res.body.fields.map((f: { field: string }) => f.field.split('.')[0]);
    for (const field of fields) expect(named).toContain(field);
  });

  it.each(['/post-lead', '/api/validate/text', '/api/opt-out', '/api/save-data'])(
    'POST %s with broken JSON → 400',
    async (path) => {
      const res = await postJson(`${server.url}${path}`, '{"broken":');
      expect(res.status).toBe(400);
    },
  );

  it('refuses bodies over the limit with 413 (16 KB except for leads)', async () => {
    const res = await postJson(`${server.url}/api/validate/text`, { text: 'x'.repeat(17 * 1024) });
    expect(res).toMatchObject({ status: 413, body: { error: 'body_too_large' } });
  });
});
