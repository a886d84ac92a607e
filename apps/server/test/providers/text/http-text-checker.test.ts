import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderLogger } from '../../../src/providers/provider-logger';
import { ProviderUnavailableError } from '../../../src/providers/provider-unavailable-error';
import { createHttpTextChecker } from '../../../src/providers/text/http-text-checker';
import { checkTextOrNothing } from '../../../src/providers/text/text-checker';

interface Received {
  method: string | undefined;
  contentType: string | undefined;
  body: unknown;
}

let server: Server;
let base: string;
const received: Received[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

beforeAll(async () => {
  // A fake gibberish service: the path picks the behaviour.
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      received.push({ method: request.method, contentType: request.headers['content-type'], body: JSON.parse(body) });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      switch (request.url) {
        case '/yes':
          return json(200, { is_gibberish: 'yes' });
        case '/no':
          return json(200, { is_gibberish: 'no', score: 0.1 });
        case '/boolean':
          return json(200, { is_gibberish: true });
        case '/error':
          return json(500, { error: 'boom' });
        case '/html':
          return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
        case '/wrong-shape':
          return json(200, { gibberish: 'yes' });
        case '/redirect':
          return response.writeHead(302, { location: `${base}/yes` }).end();
        case '/silent':
          return; // never answers
        case '/stalls-mid-body':
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.write('{"is_gibberish":');
        default:
          return json(404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const warnings: object[] = [];
const logger: ProviderLogger = { info: () => undefined, warn: (obj) => warnings.push(obj) };
const checkerAt = (path: string, timeoutMs = 2000) =>
  createHttpTextChecker({ url: `${base}${path}`, timeoutMs, logger });

/** The failure kind of a check that must throw ProviderUnavailableError. */
async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ProviderUnavailableError))
    throw new Error(`expected ProviderUnavailableError: ${String(error)}`);
  return error.failure.kind;
}

describe('HTTP text checker against a fake service', () => {
  it('POSTs {text} as JSON and reads is_gibberish', async () => {
    received.length = 0;
    expect(await checkerAt('/yes').check('asdf asdf')).toEqual({ is_gibberish: 'yes' });
    expect(await checkerAt('/no').check('I was rear ended')).toEqual({ is_gibberish: 'no' });
    expect(received).toEqual([
      { method: 'POST', contentType: 'application/json', body: { text: 'asdf asdf' } },
      { method: 'POST', contentType: 'application/json', body: { text: 'I was rear ended' } },
    ]);
  });

  it('accepts a JSON boolean for is_gibberish', async () => {
    expect(await checkerAt('/boolean').check('x')).toEqual({ is_gibberish: 'yes' });
  });

  it.each([
    ['/error', 'http-status'],
    ['/html', 'bad-answer'],
    ['/wrong-shape', 'bad-answer'],
    ['/redirect', 'network'],
  ])('%s gives no verdict (%s)', async (path, failure) => {
    expect(await failureOf(checkerAt(path).check('text'))).toBe(failure);
    expect(await checkTextOrNothing(checkerAt(path), 'text')).toBeNull();
  });

  it('logs a failure without the description', async () => {
    warnings.length = 0;
    await checkTextOrNothing(checkerAt('/error'), 'my neck hurts after the crash');
    expect(warnings).toEqual([{ vendor: 'text-check', failure: 'HTTP 500' }]);
  });

  it('times out a service that never answers', async () => {
    const started = Date.now();
    expect(await failureOf(checkerAt('/silent', 200).check('text'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await checkTextOrNothing(checkerAt('/silent', 200), 'text')).toBeNull();
  });

  it('times out a service that stalls in the middle of its body', async () => {
    expect(await failureOf(checkerAt('/stalls-mid-body', 200).check('text'))).toBe('timeout');
  });

  it('reports a service that cannot be reached', async () => {
    // A port that was just free: bind, note it, close.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const checker = createHttpTextChecker({ url: `http://127.0.0.1:${port}/check`, timeoutMs: 2000 });
    expect(await failureOf(checker.check('text'))).toBe('network');
    expect(await checkTextOrNothing(checker, 'text')).toBeNull();
  });

  it('lets errors that are not "no verdict" through checkTextOrNothing', async () => {
    const broken = { check: () => Promise.reject(new TypeError('bug')) };
    await expect(checkTextOrNothing(broken, 'text')).rejects.toThrow(TypeError);
  });
});
