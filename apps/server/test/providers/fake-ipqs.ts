/**
 * A fake IPQualityScore (https://www.ipqualityscore.com/documentation/overview): GET
 * /api/json/phone/{key}/{phone} and /api/json/email/{key}/{email}, answering HTTP 200 with JSON as the
 * vendor does, including its own errors (a wrong key is 200 with success false and a message).
 * `state.override` makes every request answer something else (a 500, a hang, a dropped connection).
 */
import type { FakeAnswer, FakeRequest } from './fake-vendor-server';

export const IPQS_TEST_KEY = 'test-ipqs-key-0123456789';

export interface FakeIpqsState {
  phones: Record<string, object>;
  emails: Record<string, object>;
  override?: FakeAnswer;
}

/** A full answer of the phone API (the OpenAPI example's fields), with the fields a test cares about. */
export function ipqsPhoneAnswer(fields: object): object {
  return {
    message: 'Phone is valid.',
    success: true,
    formatted: '+12015550123',
    local_format: '(201) 555-0123',
    valid: true,
    fraud_score: 0,
    recent_abuse: false,
    VOIP: false,
    prepaid: null,
    risky: false,
    active: true,
    carrier: 'Verizon Wireless',
    line_type: 'Wireless',
    country: 'US',
    city: 'Jersey City',
    zip_code: 'N/A',
    region: 'NJ',
    dialing_code: 1,
    active_status: 'N/A',
    leaked: false,
    spammer: false,
    request_id: 'fake-request',
    name: 'N/A',
    timezone: 'America/New_York',
    do_not_call: false,
    ...fields,
  };
}

export function ipqsEmailAnswer(fields: object): object {
  return {
    message: 'Success.',
    success: true,
    valid: true,
    disposable: false,
    smtp_score: 3,
    overall_score: 4,
    first_name: 'Unknown',
    generic: false,
    common: true,
    dns_valid: true,
    honeypot: false,
    deliverability: 'high',
    frequent_complainer: false,
    spam_trap_score: 'none',
    catch_all: false,
    timed_out: false,
    suspect: false,
    recent_abuse: false,
    fraud_score: 0,
    suggested_domain: 'N/A',
    leaked: false,
    sanitized_email: 'n/a',
    request_id: 'fake-request',
    ...fields,
  };
}

export function fakeIpqs(state: FakeIpqsState): (request: FakeRequest) => FakeAnswer {
  return (request) => {
    if (state.override) return state.override;
    const match = /^\/api\/json\/(phone|email)\/([^/]+)\/([^/]+)$/.exec(request.pathname);
    if (request.method !== 'GET' || !match)
      return { status: 404, text: '<html>Not Found</html>', contentType: 'text/html' };
    const [, service, key, subject] = match.map((part) => decodeURIComponent(part));
    if (key !== IPQS_TEST_KEY) {
      return {
        status: 200,
        json: {
          success: false,
          message: 'Invalid or unauthorized key. Please check the API key and try again.',
          request_id: 'fake-request',
        },
      };
    }
    const table = service === 'phone' ? state.phones : state.emails;
    const known = subject === undefined ? undefined : table[subject];
    if (known) return { status: 200, json: known };
    return service === 'phone'
      ? {
          status: 200,
          json: {
            success: false,
            message: 'Invalid/nonexistent phone number or country specified is not possible.',
            request_id: 'fake-request',
          },
        }
      : { status: 200, json: ipqsEmailAnswer({ valid: false, dns_valid: false, smtp_score: -1, overall_score: 0 }) };
  };
}
