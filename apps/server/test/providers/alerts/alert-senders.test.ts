import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogAlertSender } from '../../../src/providers/alerts/log-alert-sender';
import { createSlackAlertSender } from '../../../src/providers/alerts/slack-alert-sender';
import { fakeSlack, SLACK_TEST_PATH, type FakeSlackState } from '../fake-slack';
import { startFakeVendorServer, type FakeVendorServer } from '../fake-vendor-server';
import { createRecordingLogger } from '../recording-logger';

describe('log alert sender (offline)', () => {
  it('writes the alert to the log', async () => {
    const log = createRecordingLogger();
    await createLogAlertSender(log.logger).send('something to look at');
    expect(log.lines).toEqual([{ level: 'warn', obj: { alert: 'something to look at' }, msg: 'alert' }]);
  });
});

describe('Slack webhook alert sender against a fake Slack', () => {
  const state: FakeSlackState = { received: [] };
  let server: FakeVendorServer;
  let log: ReturnType<typeof createRecordingLogger>;
  const sender = (path = SLACK_TEST_PATH, timeoutMs = 2000) =>
    createSlackAlertSender({ webhookUrl: `${server.baseUrl}${path}`, timeoutMs, logger: log.logger });

  beforeAll(async () => {
    server = await startFakeVendorServer(fakeSlack(state));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    delete state.override;
    state.received.length = 0;
    log = createRecordingLogger();
  });

  it('POSTs JSON {text} to the webhook URL', async () => {
    await sender().send('Email check: let through');
    expect(state.received).toEqual(['Email check: let through']);
    const request = server.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ text: 'Email check: let through' });
    expect(log.lines).toEqual([]);
  });

  it("logs Slack's error (no_service) without the webhook URL, and swallows it", async () => {
    await expect(sender('/services/T0/B0/revoked').send('x')).resolves.toBeUndefined();
    expect(log.lines).toEqual([
      { level: 'warn', obj: { vendor: 'slack', status: 404, slackError: 'no_service' }, msg: 'alert not delivered' },
    ]);
    expect(log.text()).not.toContain('revoked');
  });

  it.each([
    [
      '410 channel_is_archived',
      { status: 410, text: 'channel_is_archived' },
      { status: 410, slackError: 'channel_is_archived' },
    ],
    ['500 rollup_error', { status: 500, text: 'rollup_error' }, { status: 500, slackError: 'rollup_error' }],
    ['a dropped connection', { drop: true as const }, { failure: 'network' }],
    ['no answer before the timeout', { hang: true as const }, { failure: 'timeout' }],
  ])('swallows %s after logging it', async (_name, override, logged) => {
    state.override = override;
    await expect(sender(SLACK_TEST_PATH, 200).send('x')).resolves.toBeUndefined();
    expect(log.lines).toEqual([{ level: 'warn', obj: { vendor: 'slack', ...logged }, msg: 'alert not delivered' }]);
    expect(log.text()).not.toContain(SLACK_TEST_PATH);
  });
});
