import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTwilioVerifySmsProvider } from '../../../src/providers/sms/twilio-verify-sms-provider';
import {
  FAKE_TWILIO_CODE,
  fakeTwilioVerify,
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_SERVICE_SID,
  type FakeTwilioState,
} from '../fake-twilio-verify';
import { startFakeVendorServer, type FakeVendorServer } from '../fake-vendor-server';
import { createRecordingLogger } from '../recording-logger';

const PHONE = '+12125551234';
const state: FakeTwilioState = { pending: new Set() };
let server: FakeVendorServer;
let log: ReturnType<typeof createRecordingLogger>;

const provider = (overrides: { authToken?: string; timeoutMs?: number } = {}) =>
  createTwilioVerifySmsProvider({
    accountSid: TWILIO_TEST_ACCOUNT_SID,
    authToken: overrides.authToken ?? TWILIO_TEST_AUTH_TOKEN,
    serviceSid: TWILIO_TEST_SERVICE_SID,
    baseUrl: server.baseUrl,
    timeoutMs: overrides.timeoutMs ?? 2000,
    logger: log.logger,
  });

beforeAll(async () => {
  server = await startFakeVendorServer(fakeTwilioVerify(state));
});
afterAll(() => server.close());
beforeEach(() => {
  delete state.override;
  state.pending.clear();
  log = createRecordingLogger();
});

describe('Twilio Verify adapter against a fake Twilio', () => {
  it('sends: POST /v2/Services/{sid}/Verifications, form To and Channel=sms, basic auth', async () => {
    expect(await provider().send(PHONE)).toEqual({ sent: true });
    const request = server.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.pathname).toBe(`/v2/Services/${TWILIO_TEST_SERVICE_SID}/Verifications`);
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ To: PHONE, Channel: 'sms' });
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`,
    );
  });

  it('checks: POST .../VerificationCheck with To and Code; approved once, then 20404 → pending', async () => {
    await provider().send(PHONE);
    expect(await provider().check(PHONE, '000000')).toEqual({ status: 'pending' });
    expect(await provider().check(PHONE, FAKE_TWILIO_CODE)).toEqual({ status: 'approved' });
    const request = server.requests.at(-1);
    expect(request?.pathname).toBe(`/v2/Services/${TWILIO_TEST_SERVICE_SID}/VerificationCheck`);
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ To: PHONE, Code: FAKE_TWILIO_CODE });

    // Approved already (or expired): Twilio answers 404 with error 20404. Not approved, logged at info.
    expect(await provider().check(PHONE, FAKE_TWILIO_CODE)).toEqual({ status: 'pending' });
    expect(log.lines).toEqual([
      {
        level: 'info',
        obj: { vendor: 'twilio', operation: 'check', status: 404, twilioCode: 20404 },
        msg: 'Twilio Verify: no pending verification',
      },
    ]);
  });

  it('does not ask Twilio to check a malformed code or a phone that is not US E.164', async () => {
    const before = server.requests.length;
    expect(await provider().check(PHONE, '12345')).toEqual({ status: 'pending' });
    expect(await provider().check('2125551234', FAKE_TWILIO_CODE)).toEqual({ status: 'pending' });
    expect(await provider().send('(212) 555-1234')).toEqual({ sent: false });
    expect(server.requests.length).toBe(before);
  });

  it('reads wrong credentials (401, error 20003) as not sent and not approved', async () => {
    state.pending.add(PHONE);
    expect(await provider({ authToken: 'wrong' }).send(PHONE)).toEqual({ sent: false });
    expect(await provider({ authToken: 'wrong' }).check(PHONE, FAKE_TWILIO_CODE)).toEqual({ status: 'pending' });
    expect(log.lines.map((l) => [l.level, l.obj])).toEqual([
      ['warn', { vendor: 'twilio', operation: 'send', status: 401, twilioCode: 20003 }],
      ['warn', { vendor: 'twilio', operation: 'check', status: 401, twilioCode: 20003 }],
    ]);
  });

  it('reads a 429 (max send attempts, error 60203) as not sent', async () => {
    state.override = {
      status: 429,
      json: {
        code: 60203,
        message: 'Max send attempts reached',
        more_info: 'https://www.twilio.com/docs/errors/60203',
        status: 429,
      },
    };
    expect(await provider().send(PHONE)).toEqual({ sent: false });
  });

  it('never logs the phone, even when Twilio echoes it in its message', async () => {
    state.override = {
      status: 400,
      json: { code: 60200, message: `Invalid parameter \`To\`: ${PHONE}`, more_info: '', status: 400 },
    };
    await provider().send(PHONE);
    await provider().check(PHONE, FAKE_TWILIO_CODE);
    expect(log.lines).toHaveLength(2);
    expect(log.text()).not.toContain('5551234');
    expect(log.text()).not.toContain(TWILIO_TEST_AUTH_TOKEN);
  });

  it.each([
    ['a 500', { status: 500, text: 'Internal Server Error' }, { status: 500, twilioCode: undefined }],
    [
      'a 503 HTML page',
      { status: 503, text: '<html/>', contentType: 'text/html' },
      { status: 503, twilioCode: undefined },
    ],
    ['a 201 that is not JSON', { status: 201, text: 'created' }, { failure: 'bad-answer' }],
    ['a 200 with another status', { status: 200, json: { status: 'canceled' } }, undefined],
    ['a dropped connection', { drop: true as const }, { failure: 'network' }],
    ['no answer before the timeout', { hang: true as const }, { failure: 'timeout' }],
  ])('%s: not sent, not approved (§7 "an error counts as not approved")', async (_name, override, logged) => {
    state.override = override;
    expect(await provider({ timeoutMs: 200 }).send(PHONE)).toEqual({ sent: false });
    expect(await provider({ timeoutMs: 200 }).check(PHONE, FAKE_TWILIO_CODE)).toEqual({ status: 'pending' });
    if (logged) expect(log.lines[0]?.obj).toMatchObject(logged);
  });
});
