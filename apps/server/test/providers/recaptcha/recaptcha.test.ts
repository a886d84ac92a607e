import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GOOGLE_SITEVERIFY_URL,
  createGoogleRecaptchaVerifier,
} from '../../../src/providers/recaptcha/google-recaptcha-verifier';
import { createRecaptchaVerifier, loadRecaptchaConfig } from '../../../src/providers/recaptcha/recaptcha-config';
import { createDisabledRecaptchaVerifier } from '../../../src/providers/recaptcha/recaptcha-verifier';

interface Received {
  method: string | undefined;
  url: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A stand-in for Google's siteverify: a real HTTP server on 127.0.0.1, answering as each test says. */
let server: Server;
let baseUrl: string;
let handler: Handler;
let received: Received[];

const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        contentType: req.headers['content-type'],
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  // The timeout tests leave requests unanswered: close them, or close() would wait for them.
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  received = [];
  handler = json({ success: true });
});

const verifier = (timeoutMs = 2_000) =>
  createGoogleRecaptchaVerifier({ secret: 'test-secret', verifyUrl: `${baseUrl}/recaptcha/api/siteverify`, timeoutMs });

describe('Google siteverify adapter', () => {
  it('posts secret, response and remoteip form-encoded, and passes a successful answer', async () => {
    handler = json({ success: true, challenge_ts: '2025-01-01T00:00:00Z', hostname: 'example.com' });
    await expect(verifier().verify('token-123', '203.0.113.7')).resolves.toEqual({ ok: true });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/recaptcha/api/siteverify',
        contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
        form: { secret: 'test-secret', response: 'token-123', remoteip: '203.0.113.7' },
      },
    ]);
  });

  it('refuses a token solved on another site (issue 29: reCAPTCHA hostname checked)', async () => {
    handler = json({ success: true, hostname: 'evil.example' });
    await expect(verifier().verify('token-1', '203.0.113.7', 'example.com')).resolves.toEqual({
      ok: false,
      reason: 'hostname mismatch',
    });
    handler = json({ success: true, hostname: 'Example.com' });
    await expect(verifier().verify('token-1', '203.0.113.7', 'example.com')).resolves.toEqual({ ok: true });
  });

  it('leaves remoteip out when the visitor’s address is unknown', async () => {
    await verifier().verify('token-123');
    expect(received[0]?.form).toEqual({ secret: 'test-secret', response: 'token-123' });
  });

  it('a failed check is not ok, with Google’s error codes as the reason', async () => {
    handler = json({ success: false, 'error-codes': ['invalid-input-response', 'timeout-or-duplicate'] });
    await expect(verifier().verify('stale')).resolves.toEqual({
      ok: false,
      reason: 'invalid-input-response,timeout-or-duplicate',
    });
  });

  it('a failed check without codes is not ok either', async () => {
    handler = json({ success: false });
    await expect(verifier().verify('t')).resolves.toEqual({ ok: false, reason: 'verification failed' });
  });

  it('an empty token is refused without asking Google', async () => {
    await expect(verifier().verify('  ')).resolves.toEqual({ ok: false, reason: 'missing-input-response' });
    expect(received).toEqual([]);
  });

  it('HTTP 500 is not ok', async () => {
    handler = json({ error: 'boom' }, 500);
    await expect(verifier().verify('t')).resolves.toEqual({ ok: false, reason: 'http 500' });
  });

  it.each([
    ['not JSON', 'Service Unavailable'],
    ['JSON of the wrong shape', JSON.stringify({ success: 'true' })],
    ['a JSON array', '[]'],
  ])('an answer that is %s is not ok', async (_name, body) => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    };
    await expect(verifier().verify('t')).resolves.toEqual({ ok: false, reason: 'invalid response' });
  });

  it('no answer within the timeout is not ok, with reason timeout', async () => {
    handler = () => undefined; // never answers
    const started = performance.now();
    await expect(verifier(200).verify('t')).resolves.toEqual({ ok: false, reason: 'timeout' });
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('a body that stalls after the headers also times out', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":');
    };
    await expect(verifier(200).verify('t')).resolves.toEqual({ ok: false, reason: 'timeout' });
  });

  it('a refused connection is not ok, with a network reason that names neither URL nor secret', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const verdict = await createGoogleRecaptchaVerifier({
      secret: 'test-secret',
      verifyUrl: `http://127.0.0.1:${port}/siteverify`,
      timeoutMs: 2_000,
    }).verify('t');
    expect(verdict).toEqual({ ok: false, reason: 'network error (ECONNREFUSED)' });
  });

  it('a connection dropped mid-answer is not ok', async () => {
    handler = (req) => req.socket.destroy();
    const verdict = await verifier().verify('t');
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toMatch(/^network error/);
  });
});

describe('disabled verifier (no RECAPTCHA_SECRET)', () => {
  it('passes every token, saying why', async () => {
    const disabled = createDisabledRecaptchaVerifier();
    expect(disabled.enabled).toBe(false);
    await expect(disabled.verify('')).resolves.toEqual({ ok: true, reason: 'not configured' });
    await expect(disabled.verify('anything', '203.0.113.7')).resolves.toEqual({ ok: true, reason: 'not configured' });
  });
});

describe('recaptcha config', () => {
  it('defaults: disabled, Google’s URL, 5 s', () => {
    expect(loadRecaptchaConfig({})).toEqual({
      RECAPTCHA_SECRET: undefined,
      RECAPTCHA_VERIFY_URL: GOOGLE_SITEVERIFY_URL,
      RECAPTCHA_TIMEOUT_MS: 5_000,
    });
  });

  it('reads the secret, URL and timeout', () => {
    expect(
      loadRecaptchaConfig({
        RECAPTCHA_SECRET: ' s3cret ',
        RECAPTCHA_VERIFY_URL: 'https://www.recaptcha.net/recaptcha/api/siteverify',
        RECAPTCHA_TIMEOUT_MS: '3000',
      }),
    ).toEqual({
      RECAPTCHA_SECRET: 's3cret',
      RECAPTCHA_VERIFY_URL: 'https://www.recaptcha.net/recaptcha/api/siteverify',
      RECAPTCHA_TIMEOUT_MS: 3_000,
    });
  });

  it('an empty secret counts as unset', () => {
    expect(loadRecaptchaConfig({ RECAPTCHA_SECRET: '' }).RECAPTCHA_SECRET).toBeUndefined();
    expect(loadRecaptchaConfig({ RECAPTCHA_SECRET: '  ' }).RECAPTCHA_SECRET).toBeUndefined();
  });

  it.each([
    [{ RECAPTCHA_VERIFY_URL: 'not a url' }, /RECAPTCHA_VERIFY_URL/],
    [{ RECAPTCHA_VERIFY_URL: 'ftp://example.com/siteverify' }, /RECAPTCHA_VERIFY_URL/],
    [{ RECAPTCHA_TIMEOUT_MS: 'soon' }, /RECAPTCHA_TIMEOUT_MS/],
    [{ RECAPTCHA_TIMEOUT_MS: '0' }, /RECAPTCHA_TIMEOUT_MS/],
  ])('refuses %j at start, naming the variable', (env, message) => {
    expect(() => loadRecaptchaConfig(env)).toThrow(message);
  });

  it('without a secret, the verifier is the disabled one', async () => {
    const chosen = createRecaptchaVerifier(loadRecaptchaConfig({}));
    expect(chosen.enabled).toBe(false);
    await expect(chosen.verify('')).resolves.toEqual({ ok: true, reason: 'not configured' });
  });

  it('with a secret, the verifier asks the configured siteverify URL', async () => {
    handler = json({ success: false, 'error-codes': ['invalid-input-secret'] });
    const chosen = createRecaptchaVerifier(
      loadRecaptchaConfig({ RECAPTCHA_SECRET: 'configured', RECAPTCHA_VERIFY_URL: `${baseUrl}/verify` }),
    );
    expect(chosen.enabled).toBe(true);
    await expect(chosen.verify('t', '198.51.100.1')).resolves.toEqual({ ok: false, reason: 'invalid-input-secret' });
    expect(received).toEqual([
      expect.objectContaining({ url: '/verify', form: expect.objectContaining({ secret: 'configured' }) }),
    ]);
  });
});
