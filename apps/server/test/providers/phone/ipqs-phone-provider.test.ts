import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createIpqsPhoneProvider } from '../../../src/providers/phone/ipqs-phone-provider';
import { INVALID_PHONE_MESSAGE, phoneVerdict } from '../../../src/providers/phone/phone-verdict';
import { fakeIpqs, IPQS_TEST_KEY, ipqsPhoneAnswer, type FakeIpqsState } from '../fake-ipqs';
import { startFakeVendorServer, type FakeVendorServer } from '../fake-vendor-server';
import { createRecordingLogger } from '../recording-logger';

const state: FakeIpqsState = {
  phones: {
    '2015550123': ipqsPhoneAnswer({}),
    '2015550124': ipqsPhoneAnswer({ fraud_score: 86, line_type: 'VOIP', VOIP: true }),
    '8007132618': ipqsPhoneAnswer({ line_type: 'Toll Free', carrier: 'SomosGov', fraud_score: 100 }),
    '2015550125': ipqsPhoneAnswer({ valid: true, active: false, active_status: 'Disconnected Line' }),
    // IPQualityScore also answers success true, valid false with the §8 message for some numbers.
    '2015550126': ipqsPhoneAnswer({ valid: false, active: false, message: INVALID_PHONE_MESSAGE }),
    '2015550127': ipqsPhoneAnswer({ line_type: undefined }),
    '2015550128': { success: true, valid: 'yes', fraud_score: 0 },
  },
  emails: {},
};

let server: FakeVendorServer;
let log: ReturnType<typeof createRecordingLogger>;
const provider = (apiKey = IPQS_TEST_KEY, timeoutMs = 2000) =>
  createIpqsPhoneProvider({ apiKey, baseUrl: server.baseUrl, timeoutMs, logger: log.logger });

beforeAll(async () => {
  server = await startFakeVendorServer(fakeIpqs(state));
});
afterAll(() => server.close());
beforeEach(() => {
  delete state.override;
  log = createRecordingLogger();
});

describe('IPQualityScore phone adapter against a fake IPQualityScore', () => {
  it('asks GET /api/json/phone/{key}/{digits}?country[]=US and maps the answer to §7', async () => {
    const result = await provider().check('(201) 555-0123');
    expect(result).toEqual({
      success: true,
      valid: true,
      fraud_score: 0,
      line_type: 'Wireless',
      active: true,
      message: 'Phone is valid.',
    });
    const request = server.requests.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.pathname).toBe(`/api/json/phone/${IPQS_TEST_KEY}/2015550123`);
    expect(request?.query.getAll('country[]')).toEqual(['US']);
  });

  it.each([
    ['2015550123', false],
    ['2015550124', true],
    ['8007132618', true],
    ['2015550125', true],
    ['2015550126', true],
    ['5555555555', true],
  ])('%s: the §5 verdict error is %s', async (phone, error) => {
    expect(phoneVerdict(await provider().check(phone), { olderVersion: false }).error).toBe(error);
  });

  it('passes the §8 message through for a number that cannot exist (success false)', async () => {
    const result = await provider().check('5555555555');
    expect(result).toMatchObject({ success: false, valid: false, active: false, message: INVALID_PHONE_MESSAGE });
    expect(log.lines).toEqual([]);
  });

  it.each(['555-0123', '(201) 155-0123', '(101) 555-0123', '212555012345'])(
    'does not ask the vendor about %j, not a US number (lead/us-phone.ts)',
    async (phone) => {
      const before = server.requests.length;
      expect(await provider().check(phone)).toMatchObject({ success: true, valid: false, active: false });
      expect(server.requests.length).toBe(before);
    },
  );

  it('asks about the ten national digits, without the country code', async () => {
    await provider().check('+1 (201) 555-0123');
    expect(server.requests.at(-1)?.pathname).toBe(`/api/json/phone/${IPQS_TEST_KEY}/2015550123`);
  });

  it('reads a missing line type as unknown rather than dropping the answer', async () => {
    expect(await provider().check('2015550127')).toMatchObject({ success: true, line_type: 'N/A' });
  });

  it('treats an answer of the wrong shape as a service failure', async () => {
    expect(await provider().check('2015550128')).toMatchObject({ success: false });
    expect(log.lines[0]?.obj).toEqual({ vendor: 'ipqs', service: 'phone', failure: 'bad-answer' });
  });

  it('treats a wrong key (200, success false) as a service failure: valid and active per §5', async () => {
    const result = await provider('wrong-key').check('2015550123');
    expect(result.success).toBe(false);
    expect(phoneVerdict(result, { olderVersion: false })).toEqual({ valid: true, active: true, error: false });
    expect(log.lines[0]?.msg).toBe('phone check refused by the vendor');
  });

  it.each([
    ['a 500', { status: 500, json: { success: false } }, 'HTTP 500'],
    ['a 503 HTML page', { status: 503, text: '<html>down</html>', contentType: 'text/html' }, 'HTTP 503'],
    ['a 200 that is not JSON', { status: 200, text: 'Service Temporarily Unavailable' }, 'bad-answer'],
    ['a dropped connection', { drop: true as const }, 'network'],
    ['no answer before the timeout', { hang: true as const }, 'timeout'],
  ])('turns %s into a service failure that lets the visitor on', async (_name, override, failure) => {
    state.override = override;
    const result = await provider(IPQS_TEST_KEY, 200).check('2015550123');
    expect(result.success).toBe(false);
    expect(phoneVerdict(result, { olderVersion: false }).error).toBe(false);
    expect(log.lines).toEqual([
      { level: 'warn', obj: { vendor: 'ipqs', service: 'phone', failure }, msg: 'phone check failed' },
    ]);
  });

  it('never logs the phone number or the key', async () => {
    state.override = { status: 200, json: { success: false, message: 'Bad number 2015550123 for key' } };
    await provider().check('2015550123');
    await provider('secret-key-xyz').check('2015550123');
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.text()).not.toContain('2015550123');
    expect(log.text()).not.toContain('555');
    expect(log.text()).not.toContain('secret-key-xyz');
  });
});
