import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { mayHaveReachedBuyer, NOT_SENT_DEADLINE_CODE } from '@app/funnel';
import { vendorRequest, vendorUrl } from '../../src/providers/vendor-request';
import { startSilentTcpServer, type SilentTcpServer } from './silent-tcp-server';
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

describe('vendorRequest keeps what fetch gave (issue 32: node:http instead of fetch)', () => {
  let raw: Server;
  let base = '';
  const peers: number[] = [];
  beforeAll(async () => {
    raw = createServer((request, response) => {
      peers.push(request.socket.remotePort ?? 0);
      const answer = JSON.stringify({ bid: 12.5, note: 'é'.repeat(10) });
      switch (request.url) {
        case '/gzip':
          return response
            .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
            .end(gzipSync(answer));
        case '/br':
          return response
            .writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' })
            .end(brotliCompressSync(answer));
        case '/redirect':
          return response.writeHead(307, { location: `${base}/plain` }).end();
        case '/long':
          // Far more than the caller reads, sent in pieces.
          response.writeHead(200, { 'content-type': 'text/plain' });
          for (let piece = 0; piece < 64; piece++) response.write('x'.repeat(1024));
          return response.end();
        case '/stalls':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.write('{"bid":');
        case '/cut':
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          response.write('{"bid":');
          return setTimeout(() => response.socket?.destroy(), 20);
        case '/echo':
          return void readAll(request).then((body) =>
            response
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ body, length: request.headers['content-length'] })),
          );
        default:
          return response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      }
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const address = raw.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    raw.closeAllConnections();
    await new Promise<void>((resolve) => raw.close(() => resolve()));
  });
  const get = (path: string, extra: { maxAnswerBytes?: number; timeoutMs?: number } = {}) =>
    vendorRequest({ url: new URL(`${base}${path}`), method: 'GET', timeoutMs: extra.timeoutMs ?? 2000, ...extra });

  it.each(['/gzip', '/br', '/plain'])('reads %s as the JSON the vendor meant', async (path) => {
    const result = await get(path);
    expect(result).toMatchObject({ ok: true, answer: { status: 200, json: { bid: 12.5, note: 'é'.repeat(10) } } });
  });

  it('follows no redirect: a 3xx is a network failure', async () => {
    const before = peers.length;
    expect(await get('/redirect')).toEqual({ ok: false, failure: { kind: 'network' } });
    expect(peers.length - before).toBe(1);
  });

  it('reads no more than maxAnswerBytes of a long answer', async () => {
    const result = await get('/long', { maxAnswerBytes: 3000 });
    expect(result).toEqual({ ok: true, answer: { status: 200, json: undefined, text: 'x'.repeat(3000) } });
  });

  it('times out an answer whose body stops halfway', async () => {
    const started = Date.now();
    expect(await get('/stalls', { timeoutMs: 150 })).toEqual({ ok: false, failure: { kind: 'timeout' } });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('turns a connection closed halfway through the body into a network failure', async () => {
    expect(await get('/cut')).toMatchObject({ ok: false, failure: { kind: 'network' } });
  });

  it('sends the body whole with its length in bytes (accented text)', async () => {
    const body = JSON.stringify({ name: 'José Núñez' });
    const result = await vendorRequest({ url: new URL(`${base}/echo`), method: 'POST', body, timeoutMs: 2000 });
    expect(result).toMatchObject({ ok: true, answer: { json: { body, length: String(Buffer.byteLength(body)) } } });
  });

  it('writes the body’s framing itself: a Content-Length or Host given by the caller is dropped', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(100) });
    const result = await vendorRequest({
      url: new URL(`${base}/echo`),
      method: 'POST',
      headers: { 'Content-Length': '3', Host: 'elsewhere.example', 'content-type': 'application/json' },
      body,
      timeoutMs: 2000,
    });
    expect(result).toMatchObject({ ok: true, answer: { json: { body, length: String(body.length) } } });
  });

  it('keeps the connection open between calls to one vendor', async () => {
    peers.length = 0;
    for (let call = 0; call < 3; call++) expect(await get('/plain')).toMatchObject({ ok: true });
    expect(new Set(peers).size).toBe(1);
  });

  it('answers a URL it cannot call with a network failure, without throwing', async () => {
    const result = await vendorRequest({ url: new URL('ftp://127.0.0.1/x'), method: 'GET', timeoutMs: 500 });
    expect(result).toEqual({ ok: false, failure: { kind: 'network' } });
  });
});

describe('vendorRequest tells a deadline before the request was sent from one after (issue 32)', () => {
  let silent: SilentTcpServer;
  let port = 0;
  beforeAll(async () => {
    silent = await startSilentTcpServer();
    port = silent.port;
  });
  afterAll(() => silent.close());

  it('a TLS handshake never answered: not sent, a network failure a resend cannot make a second sale of', async () => {
    const result = await vendorRequest({
      url: new URL(`https://127.0.0.1:${port}/post`),
      method: 'POST',
      body: '{"lead":1}',
      timeoutMs: 200,
    });
    expect(result).toEqual({ ok: false, failure: { kind: 'network', code: NOT_SENT_DEADLINE_CODE } });
    expect(mayHaveReachedBuyer('network', NOT_SENT_DEADLINE_CODE)).toBe(false);
  });

  it('a body the vendor never reads to its end: not sent whole, so not sent', async () => {
    const body = 'x'.repeat(32 * 1024 * 1024);
    const result = await vendorRequest({
      url: new URL(`http://127.0.0.1:${port}/post`),
      method: 'POST',
      body,
      timeoutMs: 300,
    });
    expect(result).toEqual({ ok: false, failure: { kind: 'network', code: NOT_SENT_DEADLINE_CODE } });
  });

  it('a request read whole and never answered: a time-out, after which the buyer may have the lead', async () => {
    answer = { hang: true };
    const result = await vendorRequest({
      url: new URL(server.baseUrl),
      method: 'POST',
      body: '{"lead":1}',
      timeoutMs: 200,
    });
    expect(result).toEqual({ ok: false, failure: { kind: 'timeout' } });
    expect(mayHaveReachedBuyer('timeout', undefined)).toBe(true);
  });
});

function readAll(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
