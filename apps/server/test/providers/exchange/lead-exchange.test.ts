/**
 * §7 "exchange store/lead-data with project MVA, zipCode, ipAddress, userAgent, tf, leadId" (issue 27): the
 * vendor adapter against a fake exchange (a real HTTP server), the offline default, and the pre-submit route
 * calling the port over real HTTP with the server's own IP and user agent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpLeadExchange } from '../../../src/providers/exchange/http-lead-exchange';
import type { ExchangeLeadData } from '../../../src/providers/exchange/lead-exchange';
import { createOfflineLeadExchange } from '../../../src/providers/exchange/offline-lead-exchange';
import { loadProviderConfig } from '../../../src/providers/provider-config';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from '../../start-test-server';
import { startFakeVendorServer, type FakeAnswer, type FakeVendorServer } from '../fake-vendor-server';
import { createRecordingLogger } from '../recording-logger';

const DATA: ExchangeLeadData = {
  project: 'MVA',
  zipCode: '78701',
  ipAddress: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  tf: 'https://cert.trustedform.com/abc',
  leadId: 'LEADID-1',
};

let answer: FakeAnswer = { status: 200, json: { status: 'stored' } };
let exchange: FakeVendorServer;
let log: ReturnType<typeof createRecordingLogger>;

beforeAll(async () => {
  exchange = await startFakeVendorServer(() => answer);
});
afterAll(() => exchange.close());
beforeEach(() => {
  answer = { status: 200, json: { status: 'stored' } };
  exchange.requests.length = 0;
  log = createRecordingLogger();
});

describe('the lead-data exchange adapter against a fake exchange', () => {
  const adapter = (timeoutMs = 2000) =>
    createHttpLeadExchange({ baseUrl: `${exchange.baseUrl}/api`, timeoutMs, logger: log.logger });

  it('POSTs the §7 fields as JSON to {base}/store/lead-data', async () => {
    expect(await adapter().storeLeadData(DATA)).toBe('sent');
    const request = exchange.requests.at(-1);
    expect([request?.method, request?.pathname, request?.headers['content-type']]).toEqual([
      'POST',
      '/api/store/lead-data',
      'application/json',
    ]);
    expect(JSON.parse(request?.body ?? '')).toEqual(DATA);
    expect(log.lines).toEqual([]);
  });

  it.each<[string, FakeAnswer, string]>([
    ['a 500', { status: 500, text: 'boom' }, 'status'],
    ['a 401', { status: 401, json: { error: 'bad key' } }, 'status'],
    ['no answer in time', { hang: true }, 'failure'],
    ['a dropped connection', { drop: true }, 'failure'],
  ])('§7 "failure ignored": %s is logged (no IP in the line) and the call resolves failed', async (_, given, key) => {
    answer = given;
    expect(await adapter(300).storeLeadData(DATA)).toBe('failed');
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]?.obj).toHaveProperty(key);
    expect(log.text()).not.toContain('203.0.113.9');
  });

  it('offline, nothing leaves the server', async () => {
    expect(await createOfflineLeadExchange().storeLeadData(DATA)).toBe('kept');
  });

  it('choosing the http exchange without its URL is refused at start, naming the variable', () => {
    expect(() => loadProviderConfig({ LEAD_EXCHANGE_PROVIDER: 'http' })).toThrow(/LEAD_EXCHANGE_URL/);
    expect(loadProviderConfig({}).exchange).toEqual({ kind: 'offline' });
  });
});

describe(`the pre-submit check calls the exchange (${TEST_DIALECT})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { LEAD_EXCHANGE_PROVIDER: 'http', LEAD_EXCHANGE_URL: exchange.baseUrl },
    });
  });
  afterAll(() => server.close());

  it("with the server's own IP and user agent, never the body's, and answers 204 whatever the exchange says", async () => {
    answer = { status: 503, text: 'down' };
    const res = await postJson(`${server.url}/api/pre-submit`, {
      lead_id: '5b1d3c1e-9a7f-4c61-9d3e-2f1a6f0b9c11',
      zip_code: '78701',
      ip_address: '198.51.100.77',
      user_agent: 'forged agent',
      trusted_form_cert_id: 'https://cert.trustedform.com/xyz',
      leadid_token: 'TOKEN-9',
    });
    expect(res.status).toBe(204);
    await expect.poll(() => exchange.requests.length).toBe(1);
    const sent: unknown = JSON.parse(exchange.requests[0]?.body ?? '');
    expect(sent).toEqual({
      project: 'MVA',
      zipCode: '78701',
      ipAddress: '127.0.0.1',
      userAgent: expect.not.stringContaining('forged'),
      tf: 'https://cert.trustedform.com/xyz',
      leadId: 'TOKEN-9',
    });
  });
});
