/**
 * Issue 9, item 3 (an open relay into the operator's Slack), over real HTTP on both databases: the page may
 * raise only fixed kinds of alert, the server writes every text, free text is refused, the same alert is
 * sent once, and the route is rate-limited. A fake Slack webhook shows exactly what reached the channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_RATE_LIMIT } from '../src/http/rate-limit';
import { fakeSlack, SLACK_TEST_PATH, type FakeSlackState } from './providers/fake-slack';
import { startFakeVendorServer, type FakeVendorServer } from './providers/fake-vendor-server';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const slack: FakeSlackState = { received: [] };
let slackServer: FakeVendorServer;
let server: TestServer;
let visitor = 0;

function raise(body: unknown, ip = `198.51.100.${(visitor += 1)}`) {
  return postJson(`${server.url}/send-slack-message`, body, { 'x-forwarded-for': ip });
}

beforeAll(async () => {
  slackServer = await startFakeVendorServer(fakeSlack(slack));
  server = await startTestServer({
    env: { TRUST_PROXY: '1', ALERTS_PROVIDER: 'slack', SLACK_WEBHOOK_URL: `${slackServer.baseUrl}${SLACK_TEST_PATH}` },
  });
});
afterAll(async () => {
  await server.close();
  await slackServer.close();
});

describe(`POST /send-slack-message (${TEST_DIALECT})`, () => {
  it('refuses free text: a phishing line never reaches the channel', async () => {
    const phishing = { text: '<!channel> Urgent: reset your password at http://evil.example' };
    const res = await raise(phishing);
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ field: 'kind', message: 'kind must be lead_post_failed or page_error' });
    // A kind with the text riding along: the text is dropped, never forwarded.
    expect((await raise({ ...phishing, kind: 'page_error', variant: 'extended', step: 'PhoneAndZip' })).status).toBe(
      204,
    );
    expect(slack.received.join('\n')).not.toMatch(/channel|evil|password/);
  });

  it.each([
    [{ kind: 'page_error', variant: 'no-such-variant', step: 'PhoneAndZip' }, 'variant'],
    [{ kind: 'page_error', variant: 'extended', step: '<!channel>' }, 'step'],
    [{ kind: 'lead_post_failed', variant: 'extended', status: 'down' }, 'status'],
    [{ kind: 'something_else' }, 'kind'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const res = await raise(body);
    expect(res.status).toBe(400);
    expect(res.body.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('writes the text itself and sends the same alert once', async () => {
    slack.received.length = 0;
    const alert = { kind: 'lead_post_failed', variant: 'spanish', status: 503 };
    expect((await raise(alert)).status).toBe(204);
    expect((await raise(alert)).status).toBe(204);
    expect(slack.received).toEqual([
      'A page could not post a lead (variant spanish, last status 503); it keeps the lead and retries.',
    ]);
  });

  it(`allows ${ALERT_RATE_LIMIT.max} alerts per 10 minutes from one address`, async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= ALERT_RATE_LIMIT.max; n += 1) {
      statuses.push(
        (await raise({ kind: 'lead_post_failed', variant: 'extended', status: 500 + n }, '192.0.2.77')).status,
      );
    }
    expect(statuses).toEqual([...Array.from({ length: ALERT_RATE_LIMIT.max }, () => 204), 429]);
  });
});
