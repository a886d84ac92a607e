import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SERVICE_FAILURE } from '../../../src/providers/email/email-provider';
import { emailVerdict } from '../../../src/providers/email/email-verdict';
import { createIpqsEmailProvider } from '../../../src/providers/email/ipqs-email-provider';
import { fakeIpqs, IPQS_TEST_KEY, ipqsEmailAnswer, type FakeIpqsState } from '../fake-ipqs';
import { startFakeVendorServer, type FakeVendorServer } from '../fake-vendor-server';
import { createRecordingLogger } from '../recording-logger';

const state: FakeIpqsState = {
  phones: {},
  emails: {
    'jane@example-firm.com': ipqsEmailAnswer({}),
    'jane@mailinator.com': ipqsEmailAnswer({ disposable: true, fraud_score: 100 }),
    'jane+tag@example-firm.com': ipqsEmailAnswer({ fraud_score: 40 }),
    'odd@example-firm.com': { success: true, valid: true },
  },
};

let server: FakeVendorServer;
let log: ReturnType<typeof createRecordingLogger>;
const provider = (apiKey = IPQS_TEST_KEY, timeoutMs = 2000) =>
  createIpqsEmailProvider({ apiKey, baseUrl: server.baseUrl, timeoutMs, logger: log.logger });

beforeAll(async () => {
  server = await startFakeVendorServer(fakeIpqs(state));
});
afterAll(() => server.close());
beforeEach(() => {
  delete state.override;
  log = createRecordingLogger();
});

describe('IPQualityScore email adapter against a fake IPQualityScore', () => {
  it('asks GET /api/json/email/{key}/{email} and maps the answer to §7', async () => {
    expect(await provider().check('jane@example-firm.com')).toEqual({
      success: true,
      valid: true,
      disposable: false,
      fraud_score: 0,
      dns_valid: true,
    });
    const request = server.requests.at(-1);
    expect(request?.pathname).toBe(`/api/json/email/${IPQS_TEST_KEY}/jane%40example-firm.com`);
    // Asks IPQualityScore to answer a second before our own timeout.
    expect(request?.query.get('timeout')).toBe('1');
  });

  it('keeps a plus sign intact in the path', async () => {
    expect(await provider().check('jane+tag@example-firm.com')).toMatchObject({ success: true, fraud_score: 40 });
  });

  it.each([
    ['jane@example-firm.com', false],
    ['jane@mailinator.com', true],
    ['nobody@no-such-domain.com', true],
  ])('%s: blocked is %s', async (email, blocked) => {
    expect(emailVerdict(await provider().check(email), 0).blocked).toBe(blocked);
  });

  it('treats a wrong key (200, success false) as a service failure that blocks nothing', async () => {
    const result = await provider('wrong-key').check('jane@mailinator.com');
    expect(result).toEqual(EMAIL_SERVICE_FAILURE);
    expect(emailVerdict(result, 0).blocked).toBe(false);
    expect(log.lines[0]?.msg).toBe('email check refused by the vendor');
  });

  it('treats an answer missing fields as a service failure', async () => {
    expect(await provider().check('odd@example-firm.com')).toEqual(EMAIL_SERVICE_FAILURE);
  });

  it.each([
    ['a 500', { status: 500, text: 'Internal Server Error' }, 'HTTP 500'],
    ['a 429', { status: 429, json: { success: false, message: 'Too many requests' } }, 'HTTP 429'],
    ['a 200 that is not JSON', { status: 200, text: '<html></html>', contentType: 'text/html' }, 'bad-answer'],
    ['a dropped connection', { drop: true as const }, 'network'],
    ['no answer before the timeout', { hang: true as const }, 'timeout'],
  ])('turns %s into a service failure', async (_name, override, failure) => {
    state.override = override;
    expect(await provider(IPQS_TEST_KEY, 200).check('jane@example-firm.com')).toEqual(EMAIL_SERVICE_FAILURE);
    expect(log.lines).toEqual([
      { level: 'warn', obj: { vendor: 'ipqs', service: 'email', failure }, msg: 'email check failed' },
    ]);
  });

  it('never logs the address', async () => {
    state.override = { status: 200, json: { success: false, message: 'Could not check jane@example-firm.com' } };
    await provider().check('jane@example-firm.com');
    expect(log.lines.length).toBe(1);
    expect(log.text()).not.toContain('jane');
    expect(log.text()).not.toContain(IPQS_TEST_KEY);
  });
});
