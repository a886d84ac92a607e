import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webDist: mkdtempSync(path.join(tmpdir(), 'no-web-')) });
});
afterAll(async () => {
  await server.close();
});

describe('pages without a built web app', () => {
  it('explains how to build instead of failing obscurely', async () => {
    const res = await fetch(`${server.url}/survey`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });

  it('redirects the root to the survey, keeping the query', async () => {
    const res = await fetch(`${server.url}/?sub1=abc`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/survey?sub1=abc');
  });

  it('answers JSON 404 for an unknown API path, with security headers', async () => {
    const res = await fetch(`${server.url}/nope`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No route for GET /nope' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('pages of a built web app', () => {
  let built: TestServer;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")'.repeat(50));
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync('console.log("app")'.repeat(50)));
    built = await startTestServer({ webDist: dist });
  });
  afterAll(async () => {
    await built.close();
  });

  it.each(['/survey', '/survey/', '/SURVEY', '/survey-thank-you/'])(
    'serves the app at %s, never cached',
    async (page) => {
      const res = await fetch(`${built.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('id="root"');
    },
  );

  it('serves the app with 404 for an unknown page', async () => {
    const res = await fetch(`${built.url}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('id="root"');
  });

  it('sends hashed assets brotli-compressed with a year-long cache', async () => {
    const res = await fetch(`${built.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")'.repeat(50));
  });
});
