/**
 * A fake Twilio Verify (https://www.twilio.com/docs/verify/api): POST /v2/Services/{sid}/Verifications
 * (form To, Channel) → 201 status pending, with the code FAKE_TWILIO_CODE; POST .../VerificationCheck
 * (form To, Code) → 200 approved or pending, and 404 error 20404 when no verification is pending (expired,
 * approved already). Basic auth is checked (401 error 20003). Errors have Twilio's JSON shape.
 */
import type { FakeAnswer, FakeRequest } from './fake-vendor-server';

export const TWILIO_TEST_ACCOUNT_SID = `AC${'a'.repeat(32)}`;
export const TWILIO_TEST_AUTH_TOKEN = 'test-auth-token-0123456789abcdef';
export const TWILIO_TEST_SERVICE_SID = `VA${'b'.repeat(32)}`;
export const FAKE_TWILIO_CODE = '424242';

export interface FakeTwilioState {
  /** Phone → whether a verification is pending. */
  pending: Set<string>;
  override?: FakeAnswer;
}

function twilioError(status: number, code: number, message: string): FakeAnswer {
  return { status, json: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } };
}

export function fakeTwilioVerify(state: FakeTwilioState): (request: FakeRequest) => FakeAnswer {
  const expectedAuth = `Basic ${Buffer.from(`${TWILIO_TEST_ACCOUNT_SID}:${TWILIO_TEST_AUTH_TOKEN}`).toString('base64')}`;
  return (request) => {
    if (state.override) return state.override;
    if (request.headers.authorization !== expectedAuth) return twilioError(401, 20003, 'Authenticate');
    const match = /^\/v2\/Services\/([^/]+)\/(Verifications|VerificationCheck)$/.exec(request.pathname);
    if (request.method !== 'POST' || !match || match[1] !== TWILIO_TEST_SERVICE_SID) {
      return twilioError(404, 20404, `The requested resource ${request.pathname} was not found`);
    }
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return twilioError(400, 60200, 'Invalid parameter');
    }
    const form = new URLSearchParams(request.body);
    const to = form.get('To') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to)) return twilioError(400, 60200, `Invalid parameter \`To\`: ${to}`);

    if (match[2] === 'Verifications') {
      if (form.get('Channel') !== 'sms') return twilioError(400, 60200, 'Invalid parameter `Channel`');
      state.pending.add(to);
      return {
        status: 201,
        json: { sid: 'VEfake', service_sid: match[1], to, channel: 'sms', status: 'pending', valid: false },
      };
    }
    if (!state.pending.has(to)) {
      return twilioError(404, 20404, `The requested resource ${request.pathname} was not found`);
    }
    if (form.get('Code') !== FAKE_TWILIO_CODE) {
      return { status: 200, json: { sid: 'VEfake', to, channel: 'sms', status: 'pending', valid: false } };
    }
    state.pending.delete(to);
    return { status: 200, json: { sid: 'VEfake', to, channel: 'sms', status: 'approved', valid: true } };
  };
}
