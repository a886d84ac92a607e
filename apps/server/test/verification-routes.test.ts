import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, type TestServer } from './start-test-server';

let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ logLines });
});
afterAll(async () => {
  await server.close();
});

function loggedCode(): string {
  const line = [...logLines].reverse().find((l) => /"code":"\d{6}"/.test(l));
  const code = line ? /"code":"(\d{6})"/.exec(line)?.[1] : undefined;
  if (!code) throw new Error('no code in the log');
  return code;
}

describe('SMS verification (§4, §7)', () => {
  it('sends a code (written to the log in development) and approves it once', async () => {
    expect(await postJson(`${server.url}/api/verify/send`, { phone: '(512) 555-0100' })).toEqual({
      status: 200,
      body: { sent: true },
    });
    const code = loggedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await postJson(`${server.url}/api/verify/check`, { phone: '512-555-0100', sent_status: true, code: wrong }))
        .body,
    ).toEqual({
      status: 'pending',
    });
    expect((await postJson(`${server.url}/api/verify/check`, { phone: '5125550100', code })).body).toEqual({
      status: 'approved',
    });
  });

  it('never logs the phone number', () => {
    expect(logLines.join('\n')).not.toContain('5125550100');
  });

  it('refuses a resend within 30 s (§9)', async () => {
    await postJson(`${server.url}/api/verify/send`, { phone: '5125550188' });
    const again = await postJson(`${server.url}/api/verify/send`, { phone: '5125550188' });
    expect(again.body.sent).toBe(false);
    expect(again.body.retry_after_ms).toBeGreaterThan(25_000);
  });

  it.each([
    [
      '/api/verify/check',
      { phone: '5125550100', code: '12345' },
      'code',
      'Incorrect code, make sure you have put in all the correct numbers.',
    ],
    ['/api/verify/send', { phone: '555' }, 'phone', 'Please provide a valid phone number'],
    ['/api/verify/send', {}, 'phone', 'phone is required'],
  ])('%s %j → 400 on %s', async (path, body, field, message) => {
    const res = await postJson(`${server.url}${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field, message });
  });

  it('limits sends per IP: SMS pumping costs money', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await postJson(`${server.url}/api/verify/send`, { phone: `51255502${10 + i}` })).status);
    expect(statuses).toContain(429);
  });
});
