import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../../../src/providers/provider-unavailable-error';
import { createOfflineZipProvider } from '../../../src/providers/zip/offline-zip-provider';
import { createZippopotamZipProvider } from '../../../src/providers/zip/zippopotam-zip-provider';
import { fakeZippopotam, type FakeZippopotamState } from '../fake-zippopotam';
import { startFakeVendorServer, type FakeVendorServer } from '../fake-vendor-server';
import { createRecordingLogger } from '../recording-logger';

const state: FakeZippopotamState = {
  zips: {
    '90210': [['Beverly Hills', 'California', 'CA']],
    '10001': [
      ['New York City', 'New York', 'NY'],
      ['Manhattan', 'New York', 'NY'],
    ],
    // Known to the vendor, not to the offline GeoNames data: no county anywhere.
    '00601': [['Adjuntas', 'Puerto Rico', 'PR']],
    // The vendor and the offline data disagree on the state.
    '20500': [['Washington', 'Virginia', 'VA']],
    '30301': [],
  },
};

let server: FakeVendorServer;
let log: ReturnType<typeof createRecordingLogger>;
const provider = (timeoutMs = 2000) =>
  createZippopotamZipProvider({
    baseUrl: server.baseUrl,
    timeoutMs,
    counties: createOfflineZipProvider(),
    logger: log.logger,
  });

beforeAll(async () => {
  server = await startFakeVendorServer(fakeZippopotam(state));
});
afterAll(() => server.close());
beforeEach(() => {
  delete state.override;
  log = createRecordingLogger();
});

describe('Zippopotam zip adapter against a fake Zippopotam.us', () => {
  it('asks GET /us/{zip} and takes city and state from the vendor, county from the offline data', async () => {
    expect(await provider().lookup('90210')).toEqual({
      zip: '90210',
      city: 'Beverly Hills',
      state: 'CA',
      state_long: 'California',
      county: 'Los Angeles',
    });
    expect(server.requests.at(-1)?.pathname).toBe('/us/90210');
  });

  it('takes the first of several places', async () => {
    expect(await provider().lookup('10001')).toMatchObject({ city: 'New York City', county: 'New York' });
  });

  it.each([
    ['99999', 'unknown to the vendor (404 {})'],
    ['00601', 'known to the vendor but with no county anywhere (§5 requires one)'],
    ['20500', 'in a different state in the offline data (no trustworthy county)'],
    ['30301', 'answered with no places'],
  ])('%s is unknown (null): %s', async (zip) => {
    expect(await provider().lookup(zip)).toBeNull();
  });

  it('answers null for a malformed zip without asking the vendor', async () => {
    const before = server.requests.length;
    expect(await provider().lookup('9021')).toBeNull();
    expect(await provider().lookup('../us')).toBeNull();
    expect(server.requests.length).toBe(before);
  });

  it.each([
    ['a 500', { status: 500, text: 'Internal Server Error' }, 'HTTP 500'],
    ['a 503', { status: 503, json: {} }, 'HTTP 503'],
    [
      'a 200 that is not JSON',
      { status: 200, text: '<html>maintenance</html>', contentType: 'text/html' },
      'bad-answer',
    ],
    ['a 200 of the wrong shape', { status: 200, json: { places: [{ 'place name': 'X' }] } }, 'bad-answer'],
    ['a dropped connection', { drop: true as const }, 'network'],
    ['no answer before the timeout', { hang: true as const }, 'timeout'],
  ])(
    'throws ProviderUnavailableError on %s (§8: the route answers empty city/state)',
    async (_name, override, failure) => {
      state.override = override;
      const error: unknown = await provider(200)
        .lookup('90210')
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error).toMatchObject({ vendor: 'zippopotam', message: `zippopotam unavailable: ${failure}` });
      expect(log.lines).toEqual([{ level: 'warn', obj: { vendor: 'zippopotam', failure }, msg: 'zip lookup failed' }]);
    },
  );
});
