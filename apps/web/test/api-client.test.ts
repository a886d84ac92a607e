import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiCall } from '../src/api/api-client';
import { json, localServer, type LocalServer } from './local-http';

const Answer = z.object({ ok: z.literal(true) });
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the API client (one client: time limit, retries, stable error codes)', () => {
  it('reads a 2xx answer with its schema and sends the body as JSON', async () => {
    let seen = '';
    server = await localServer((req, body, res) => {
      seen = `${req.method} ${req.headers['content-type']} ${body}`;
      json(res, 200, { ok: true });
    });
    const result = await apiCall({ path: '/x', body: { a: 1 }, answer: Answer, fetchImpl: server.fetch });
    expect(result).toEqual({ ok: true, status: 200, data: { ok: true } });
    expect(seen).toBe('POST application/json {"a":1}');
  });

  it('retries a 5xx answer up to its attempts, then answers', async () => {
    let calls = 0;
    server = await localServer((_req, _body, res) =>
      ++calls < 3 ? json(res, 503, { error: 'service_unavailable', message: 'down' }) : json(res, 200, { ok: true }),
    );
    const result = await apiCall({ path: '/x', answer: Answer, attempts: 3, fetchImpl: server.fetch });
    expect(result.ok).toBe(true);
    expect(calls).toBe(3);
  });

  it('does not retry a 4xx answer and reports its code and the fields it refused', async () => {
    let calls = 0;
    const fields = [{ field: 'reCaptchaToken', message: 'Please complete the reCaptcha' }];
    server = await localServer((_req, _body, res) => {
      calls++;
      json(res, 400, { error: 'invalid_body', message: 'Invalid fields: reCaptchaToken', fields });
    });
    const result = await apiCall({ path: '/x', answer: Answer, attempts: 3, fetchImpl: server.fetch });
    expect(result).toEqual({ ok: false, status: 400, code: 'invalid_body', fields });
    expect(calls).toBe(1);
  });

  it.each([
    [429, 'too_many_requests'],
    [404, 'not_found'],
    [502, 'server_error'],
  ])('an answer %i without a code of its own is %s', async (status, code) => {
    server = await localServer((_req, _body, res) => {
      res.writeHead(status, { 'retry-after': '7' });
      res.end('<html>proxy</html>');
    });
    const result = await apiCall({ path: '/x', answer: Answer, fetchImpl: server.fetch });
    expect(result).toEqual({ ok: false, status, code, retryAfterMs: 7000 });
  });

  it('an answer its schema refuses is unreadable_answer', async () => {
    server = await localServer((_req, _body, res) => json(res, 200, { ok: 'maybe' }));
    expect(await apiCall({ path: '/x', answer: Answer, fetchImpl: server.fetch })).toEqual({
      ok: false,
      status: 200,
      code: 'unreadable_answer',
    });
  });

  it('a call past its time limit is timeout; no server is network_error', async () => {
    server = await localServer(() => undefined);
    const slow = await apiCall({ path: '/x', answer: Answer, timeoutMs: 100, fetchImpl: server.fetch });
    expect(slow).toEqual({ ok: false, status: null, code: 'timeout' });
    const nowhere = await apiCall({ path: 'http://127.0.0.1:9/x', answer: Answer });
    expect(nowhere).toEqual({ ok: false, status: null, code: 'network_error' });
  });
});
