import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorRequest, vendorUrl } from '../../src/providers/vendor-request';
import { startFakeVendorServer, type FakeAnswer, type FakeVendorServer } from './fake-vendor-server';

let answer: FakeAnswer = { status: 200, json: {} };
let server: FakeVendorServer;
beforeAll(async () => {
  server = await startFakeVendorServer(() => answer);
});
afterAll(() => server.close());

describe('vendorUrl', () => {
  it.each([
    ['https://vendor.example', ['a', 'b'], 'https://vendor.example/a/b'],
    ['https://vendor.example/', ['a'], 'https://vendor.example/a'],
    ['http://127.0.0.1:9/prefix', ['a'], 'http://127.0.0.1:9/prefix/a'],
    ['https://vendor.example', ['json', 'x@y.com'], 'https://vendor.example/json/x%40y.com'],
    // A value can never climb out of its segment.
    ['https://vendor.example/base', ['../admin', 'a/b?c#d'], 'https://vendor.example/base/..%2Fadmin/a%2Fb%3Fc%23d'],
  ])('%s + %j → %s', (base, segments, expected) => {
    expect(vendorUrl(base, segments).href).toBe(expected);
  });
});

describe('vendorRequest against a real local server', () => {
  it('returns the status and parsed JSON', async () => {
    answer = { status: 201, json: { a: 1 } };
    const result = await vendorRequest({ url: new URL(server.baseUrl), method: 'GET', timeoutMs: 2000 });
    expect(result).toEqual({ ok: true, answer: { status: 201, json: { a: 1 }, text: '{"a":1}' } });
  });

  it('returns json undefined for a body that is not JSON', async () => {
    answer = { status: 502, text: '<html>Bad gateway</html>', contentType: 'text/html' };
    const result = await vendorRequest({ url: new URL(server.baseUrl), method: 'GET', timeoutMs: 2000 });
    expect(result).toEqual({ ok: true, answer: { status: 502, json: undefined, text: '<html>Bad gateway</html>' } });
  });

  it('turns a server that never answers into a timeout failure, on time', async () => {
    answer = { hang: true };
    const started = Date.now();
    const result = await vendorRequest({ url: new URL(server.baseUrl), method: 'GET', timeoutMs: 150 });
    expect(result).toEqual({ ok: false, failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns a dropped connection into a network failure', async () => {
    answer = { drop: true };
    const result = await vendorRequest({ url: new URL(server.baseUrl), method: 'GET', timeoutMs: 2000 });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });

  it('turns a refused connection into a network failure', async () => {
    const closed = await startFakeVendorServer(() => ({ status: 200, json: {} }));
    await closed.close();
    const result = await vendorRequest({ url: new URL(closed.baseUrl), method: 'GET', timeoutMs: 2000 });
    expect(result).toEqual({ ok: false, failure: { kind: 'network', code: 'ECONNREFUSED' } });
  });
});
