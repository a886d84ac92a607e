import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
