import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLookupKeys } from '../../src/db/lookup-keys';
import { createSmsCodeStore } from '../../src/db/sms-code-store';
import { createProviders, type OfflineSmsDeps } from '../../src/providers/create-providers';
import { DEFAULT_PROVIDER_TIMEOUT_MS, loadProviderConfig } from '../../src/providers/provider-config';
import type { ProviderLogger } from '../../src/providers/provider-logger';
import { fakeIpqs, IPQS_TEST_KEY, ipqsEmailAnswer, ipqsPhoneAnswer, type FakeIpqsState } from './fake-ipqs';
import { fakeSlack, SLACK_TEST_PATH, type FakeSlackState } from './fake-slack';
import {
  FAKE_TWILIO_CODE,
  fakeTwilioVerify,
  TWILIO_TEST_ACCOUNT_SID,
  TWILIO_TEST_AUTH_TOKEN,
  TWILIO_TEST_SERVICE_SID,
  type FakeTwilioState,
} from './fake-twilio-verify';
import { startFakeVendorServer, type FakeVendorServer } from './fake-vendor-server';
import { fakeZippopotam, type FakeZippopotamState } from './fake-zippopotam';
import { openTestDatabase, type TestDatabase } from '../start-test-server';
import { createRecordingLogger } from './recording-logger';

// Compile-time check: the server's Fastify (pino) logger can be handed to createProviders as it is.
export const fastifyLoggerFits = (logger: FastifyBaseLogger): ProviderLogger => logger;

const TWILIO = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: TWILIO_TEST_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN: TWILIO_TEST_AUTH_TOKEN,
  TWILIO_VERIFY_SERVICE_SID: TWILIO_TEST_SERVICE_SID,
};

describe('loadProviderConfig', () => {
  it('defaults every port to its offline implementation', () => {
    expect(loadProviderConfig({})).toEqual({
      phone: { kind: 'offline' },
      email: { kind: 'offline' },
      zip: { kind: 'offline' },
      sms: { kind: 'offline' },
      alerts: { kind: 'log' },
      exchange: { kind: 'offline' },
      timeoutMs: DEFAULT_PROVIDER_TIMEOUT_MS,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadProviderConfig({ PHONE_PROVIDER: '', IPQS_API_KEY: ' ', PROVIDER_TIMEOUT_MS: '' })).toMatchObject({
      phone: { kind: 'offline' },
      timeoutMs: DEFAULT_PROVIDER_TIMEOUT_MS,
    });
  });

  it("reads every vendor choice with its settings and the vendors' default URLs", () => {
    expect(
      loadProviderConfig({
        PHONE_PROVIDER: 'ipqs',
        EMAIL_PROVIDER: 'ipqs',
        IPQS_API_KEY: 'k',
        ZIP_PROVIDER: 'zippopotam',
        ...TWILIO,
        ALERTS_PROVIDER: 'slack',
        SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T/B/X',
        LEAD_EXCHANGE_PROVIDER: 'http',
        LEAD_EXCHANGE_URL: 'https://exchange.example/api',
        PROVIDER_TIMEOUT_MS: '2500',
      }),
    ).toEqual({
      phone: { kind: 'ipqs', apiKey: 'k', baseUrl: 'https://www.ipqualityscore.com' },
      email: { kind: 'ipqs', apiKey: 'k', baseUrl: 'https://www.ipqualityscore.com' },
      zip: { kind: 'zippopotam', baseUrl: 'https://api.zippopotam.us' },
      sms: {
        kind: 'twilio',
        accountSid: TWILIO_TEST_ACCOUNT_SID,
        authToken: TWILIO_TEST_AUTH_TOKEN,
        serviceSid: TWILIO_TEST_SERVICE_SID,
        baseUrl: 'https://verify.twilio.com',
      },
      alerts: { kind: 'slack', webhookUrl: 'https://hooks.slack.com/services/T/B/X' },
      exchange: { kind: 'http', baseUrl: 'https://exchange.example/api' },
      timeoutMs: 2500,
    });
  });

  it.each<[string, Record<string, string>, string]>([
    ['phone via IPQS without a key', { PHONE_PROVIDER: 'ipqs' }, 'IPQS_API_KEY: required when PHONE_PROVIDER=ipqs'],
    ['email via IPQS without a key', { EMAIL_PROVIDER: 'ipqs' }, 'IPQS_API_KEY: required when EMAIL_PROVIDER=ipqs'],
    ['an empty key', { PHONE_PROVIDER: 'ipqs', IPQS_API_KEY: '' }, 'IPQS_API_KEY: required when PHONE_PROVIDER=ipqs'],
    [
      'Twilio without its SID',
      { ...TWILIO, TWILIO_ACCOUNT_SID: '' },
      'TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio',
    ],
    [
      'Twilio without its token',
      { ...TWILIO, TWILIO_AUTH_TOKEN: '' },
      'TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio',
    ],
    [
      'Twilio without its Verify service',
      { ...TWILIO, TWILIO_VERIFY_SERVICE_SID: '' },
      'TWILIO_VERIFY_SERVICE_SID: required when SMS_PROVIDER=twilio',
    ],
    [
      'Twilio with nothing',
      { SMS_PROVIDER: 'twilio' },
      'TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio; TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio; ' +
        'TWILIO_VERIFY_SERVICE_SID: required when SMS_PROVIDER=twilio',
    ],
    [
      'a malformed account SID',
      { ...TWILIO, TWILIO_ACCOUNT_SID: 'AC123' },
      'TWILIO_ACCOUNT_SID: must be AC followed by 32 hex characters',
    ],
    [
      'a Verify service SID pasted as the account SID',
      { ...TWILIO, TWILIO_ACCOUNT_SID: TWILIO_TEST_SERVICE_SID },
      'TWILIO_ACCOUNT_SID: must be AC followed by 32 hex characters',
    ],
    [
      'a malformed service SID',
      { ...TWILIO, TWILIO_VERIFY_SERVICE_SID: 'MG0' },
      'TWILIO_VERIFY_SERVICE_SID: must be VA followed by 32 hex characters',
    ],
    ['Slack without a webhook', { ALERTS_PROVIDER: 'slack' }, 'SLACK_WEBHOOK_URL: required when ALERTS_PROVIDER=slack'],
    [
      'a webhook that is not a URL',
      { SLACK_WEBHOOK_URL: 'hooks.slack.com/x' },
      'SLACK_WEBHOOK_URL: must be an http(s) URL',
    ],
    ['a base URL of another scheme', { IPQS_BASE_URL: 'ftp://x' }, 'IPQS_BASE_URL: must be an http(s) URL'],
    ['a bad Zippopotam URL', { ZIPPOPOTAM_BASE_URL: 'nope' }, 'ZIPPOPOTAM_BASE_URL: must be an http(s) URL'],
    ['a bad Twilio URL', { TWILIO_BASE_URL: 'nope' }, 'TWILIO_BASE_URL: must be an http(s) URL'],
    [
      'an unknown phone vendor',
      { PHONE_PROVIDER: 'twilio' },
      'PHONE_PROVIDER: Invalid option: expected one of "offline"|"ipqs"',
    ],
    ['an unknown email vendor', { EMAIL_PROVIDER: 'zerobounce' }, 'EMAIL_PROVIDER: Invalid option'],
    ['an unknown zip vendor', { ZIP_PROVIDER: 'usps' }, 'ZIP_PROVIDER: Invalid option'],
    ['an unknown SMS vendor', { SMS_PROVIDER: 'vonage' }, 'SMS_PROVIDER: Invalid option'],
    ['an unknown alerts sink', { ALERTS_PROVIDER: 'offline' }, 'ALERTS_PROVIDER: Invalid option'],
    ['a timeout that is not a number', { PROVIDER_TIMEOUT_MS: 'soon' }, 'PROVIDER_TIMEOUT_MS:'],
    ['a timeout too short', { PROVIDER_TIMEOUT_MS: '10' }, 'PROVIDER_TIMEOUT_MS: Too small'],
    ['a timeout too long', { PROVIDER_TIMEOUT_MS: '60000' }, 'PROVIDER_TIMEOUT_MS: Too big'],
  ])('refuses %s, naming the variable', (_name, env, message) => {
    expect(() => loadProviderConfig(env)).toThrow(`Invalid environment: ${message}`);
  });

  it('never puts a secret value in its message', () => {
    const secretToken = 'super-secret-token-value';
    const call = () =>
      loadProviderConfig({ ...TWILIO, TWILIO_AUTH_TOKEN: secretToken, TWILIO_ACCOUNT_SID: 'ACnot-a-sid-secret' });
    expect(call).toThrow('TWILIO_ACCOUNT_SID');
    expect(call).not.toThrow(secretToken);
    expect(call).not.toThrow('ACnot-a-sid-secret');
  });
});

describe('createProviders', () => {
  let database: TestDatabase;
  let sms: OfflineSmsDeps;
  const ipqs: FakeIpqsState = {
    phones: { '2015550123': ipqsPhoneAnswer({ line_type: 'Landline' }) },
    emails: { 'jane@example-firm.com': ipqsEmailAnswer({ fraud_score: 12 }) },
  };
  const zippopotam: FakeZippopotamState = { zips: { '90210': [['Beverly Hills (vendor)', 'California', 'CA']] } };
  const twilio: FakeTwilioState = { pending: new Set() };
  const slack: FakeSlackState = { received: [] };
  const servers: FakeVendorServer[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const keys = createLookupKeys('provider-config-test-secret-32-characters');
    sms = { codes: createSmsCodeStore(database.db), keyOf: (phone) => keys.of('phone', phone), logCodes: true };
    const [ipqsServer, zipServer, twilioServer, slackServer] = await Promise.all([
      startFakeVendorServer(fakeIpqs(ipqs)),
      startFakeVendorServer(fakeZippopotam(zippopotam)),
      startFakeVendorServer(fakeTwilioVerify(twilio)),
      startFakeVendorServer(fakeSlack(slack)),
    ]);
    servers.push(ipqsServer, zipServer, twilioServer, slackServer);
    env = {
      PHONE_PROVIDER: 'ipqs',
      EMAIL_PROVIDER: 'ipqs',
      IPQS_API_KEY: IPQS_TEST_KEY,
      IPQS_BASE_URL: ipqsServer.baseUrl,
      ZIP_PROVIDER: 'zippopotam',
      ZIPPOPOTAM_BASE_URL: zipServer.baseUrl,
      ...TWILIO,
      TWILIO_BASE_URL: twilioServer.baseUrl,
      ALERTS_PROVIDER: 'slack',
      SLACK_WEBHOOK_URL: `${slackServer.baseUrl}${SLACK_TEST_PATH}`,
      PROVIDER_TIMEOUT_MS: '2000',
    };
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await database.close();
  });

  it('wires each vendor adapter the environment chooses, and logs the choice without secrets', async () => {
    const log = createRecordingLogger();
    const providers = createProviders(env, log.logger, sms);
    expect(await providers.phone.check('2015550123')).toMatchObject({ success: true, line_type: 'Landline' });
    expect(await providers.email.check('jane@example-firm.com')).toMatchObject({ success: true, fraud_score: 12 });
    expect(await providers.zip.lookup('90210')).toMatchObject({
      city: 'Beverly Hills (vendor)',
      county: 'Los Angeles',
    });
    expect(await providers.sms.send('+12125551234')).toEqual({ sent: true });
    expect(await providers.sms.check('+12125551234', FAKE_TWILIO_CODE)).toEqual({ status: 'approved' });
    await providers.alerts.send('hello');
    expect(slack.received).toEqual(['hello']);

    expect(log.lines).toEqual([
      {
        level: 'info',
        obj: { phone: 'ipqs', email: 'ipqs', zip: 'zippopotam', sms: 'twilio', alerts: 'slack', exchange: 'offline' },
        msg: 'outside-service providers',
      },
    ]);
    expect(log.text()).not.toContain(IPQS_TEST_KEY);
    expect(log.text()).not.toContain(TWILIO_TEST_AUTH_TOKEN);
  });

  it('works with no environment at all: the offline providers, nothing reached over the network', async () => {
    const log = createRecordingLogger();
    const providers = createProviders({}, log.logger, sms);
    expect(await providers.phone.check('8005551234')).toMatchObject({
      success: true,
      valid: true,
      line_type: 'Toll Free',
    });
    expect(await providers.zip.lookup('90210')).toMatchObject({ city: 'Beverly Hills', county: 'Los Angeles' });
    expect(await providers.sms.send('+12125551234')).toEqual({ sent: true });
    await providers.alerts.send('hello');
    expect(log.lines.map((line) => line.msg)).toEqual([
      'outside-service providers',
      'SMS verification code (offline provider: no SMS is sent)',
      'alert',
    ]);
  });

  it('throws at creation, naming the variable, when a vendor lacks its key', () => {
    expect(() => createProviders({ PHONE_PROVIDER: 'ipqs' }, createRecordingLogger().logger, sms)).toThrow(
      'IPQS_API_KEY',
    );
  });
});
