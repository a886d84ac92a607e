/**
 * Issue 9, item 8 (no personal data in logs), over real HTTP on both databases: every call a visitor's walk
 * makes, from the landing page to the thank-you page (whose query carries the email and phone, §7) and an
 * SMS code, logged at the most verbose level, and the whole log holds neither the email, the phone (in any
 * of its forms) nor the name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const EMAIL = 'maria.lopez@example.com';
const lines: string[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logLines: lines, env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  await server.close();
});

describe(`the log of a visitor's walk (${TEST_DIALECT})`, () => {
  it('holds no email, phone or name', async () => {
    const body = leadBody({
      email: EMAIL,
      first_name: 'Maria',
      last_name: 'Lopez',
      case_description: 'A truck ran the light and hit my car, free money gift card sweepstakes',
    });
    const query = new URLSearchParams({ sub1: 'ad', email: EMAIL, phone: '5125550100', first_name: 'Maria' });
    await fetch(`${server.url}/survey?${query.toString()}`);
    await postJson(`${server.url}/api/validate/email`, { email: EMAIL });
    await postJson(`${server.url}/api/validate/phone`, { phone: '(512) 555-0100' });
    await postJson(`${server.url}/api/validate/text`, { text: body.case_description });
    await fetch(`${server.url}/us/78701`);
    await postJson(`${server.url}/api/verify/send`, { phone: '(512) 555-0100' });
    await postJson(`${server.url}/api/verify/check`, { phone: '(512) 555-0100', code: '000000' });
    await postJson(`${server.url}/api/pre-submit`, { lead_id: body.lead_id, zip_code: '78701' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    await postJson(`${server.url}/api/bad-words-report`, body);
    await postJson(`${server.url}/post-lead`, { ...body, email: 'not an email' });
    await fetch(`${server.url}/survey-thank-you/?${query.toString()}&zip_code=78701&q=y`);

    const log = lines.join('\n');
    // The walk was logged (request lines at trace), so the absence below means something.
    expect(log).toContain('"url":"/survey-thank-you/"');
    expect(log).toContain('"url":"/post-lead"');
    for (const personal of [
      EMAIL,
      'maria.lopez%40example.com',
      '5125550100',
      '512-555-0100',
      '555-0100',
      'Maria',
      'Lopez',
    ]) {
      expect([personal, log.includes(personal)]).toEqual([personal, false]);
    }
  });
});
