/**
 * Issue 13, §3 sms_verified, §4 phone verification: the server is the source of sms_verified. A lead's
 * body cannot claim it; an approved check of the lead's phone (recorded by POST /api/verify/check) sets it.
 * Real HTTP on both databases; the code is read from the development log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ logLines });
});
afterAll(async () => {
  await server.close();
});

async function storedLead(id: unknown) {
  const row = await server.db.selectFrom('leads').select('lead').where('id', '=', String(id)).executeTakeFirstOrThrow();
  return JSON.parse(row.lead) as Record<string, unknown>;
}

function loggedCode(): string {
  const line = [...logLines].reverse().find((l) => /"code":"\d{6}"/.test(l));
  const code = line ? /"code":"(\d{6})"/.exec(line)?.[1] : undefined;
  if (!code) throw new Error('no code in the log');
  return code;
}

describe(`sms_verified comes from the server (${TEST_DIALECT})`, () => {
  it('a body that says yes without a check is stored no', async () => {
    const body = leadBody({ phone: '(512) 555-0111', sms_verified: 'yes' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(await storedLead(body.lead_id)).toMatchObject({ sms_verified: 'no' });
  });

  it('a wrong code verifies nothing; an approved check of the phone makes its lead verified', async () => {
    expect((await postJson(`${server.url}/api/verify/send`, { phone: '+15125550112' })).body).toEqual({ sent: true });
    const code = loggedCode();
    const wrong = code === '000000' ? '111111' : '000000';
    await postJson(`${server.url}/api/verify/check`, { phone: '+15125550112', code: wrong });
    const before = leadBody({ phone: '(512) 555-0112' });
    await postJson(`${server.url}/post-lead`, before);
    expect(await storedLead(before.lead_id)).toMatchObject({ sms_verified: 'no' });

    expect((await postJson(`${server.url}/api/verify/check`, { phone: '+15125550112', code })).body).toEqual({
      status: 'approved',
    });
    const after = leadBody({ phone: '(512) 555-0112' });
    await postJson(`${server.url}/post-lead`, after);
    expect(await storedLead(after.lead_id)).toMatchObject({ sms_verified: 'yes' });
    // Another phone's lead is not.
    const other = leadBody({ phone: '(512) 555-0113' });
    await postJson(`${server.url}/post-lead`, other);
    expect(await storedLead(other.lead_id)).toMatchObject({ sms_verified: 'no' });
  });
});
