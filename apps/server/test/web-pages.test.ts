import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './start-test-server';
import { DOCUMENT_ONLY_HEADERS } from '../src/web/asset-headers';

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

  it('serves the landing page at the root, the pages around the survey beside it (issue 12)', async () => {
    for (const page of ['/?sub1=abc', '/do-not-sell-my-information', '/privacy-policy', '/terms-of-use', '/sponsors']) {
      const res = await fetch(`${server.url}${page}`, { redirect: 'manual' });
      expect(res.status, page).toBe(503);
    }
  });

  it('answers JSON 404 for an unknown API path, with security headers', async () => {
    const res = await fetch(`${server.url}/nope`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'not_found', message: 'No route for GET /nope' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

/**
 * A built web app in miniature (issue 10): the browser's files, Vite's manifest and a server-side renderer
 * module with the contract of apps/web/src/entry-server.tsx. The real renderer is tested where it lives
 * (apps/web/test/page-renderer.test.ts) and in the browser (e2e/tests/first-screen.spec.ts); this checks
 * the HTTP the server puts around it.
 */
const RENDERER = `
export function createPageRenderer({ template, manifest }) {
  JSON.parse(manifest);
  return {
    inlineScripts: ['window.early = true;'],
    inlineStyles: ['body{margin:0}'],
    async render({ path, search, host, today }) {
      const page = path.toLowerCase().replace(/\\/+$/, '');
      const known = page === '/survey' || page === '/survey-thank-you';
      const body = '<p data-path="' + path + '" data-host="' + host + '" data-today="' + today + '">' + search + '</p>';
      return {
        status: known ? 200 : 404,
        html: template.replace('<!--app-html-->', body),
        cacheKey: page === '/survey' ? page + '|' + host : null,
      };
    },
  };
}
`;

const CONSOLE_SHELL =
  '<!doctype html><div id="console-root"></div><script type="module" src="/assets/console-1.js"></script>';

function builtWebApp(renderer = RENDERER): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(dist, 'client', 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'client', '.vite'));
  mkdirSync(path.join(dist, 'server'));
  writeFileSync(
    path.join(dist, 'client', 'index.html'),
    '<!doctype html><html lang="en"><div id="root"><!--app-html--></div>',
  );
  writeFileSync(path.join(dist, 'client', '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(dist, 'client', 'console.html'), CONSOLE_SHELL);
  writeFileSync(path.join(dist, 'client', 'assets', 'app-1234.js'), 'console.log("app")'.repeat(50));
  writeFileSync(
    path.join(dist, 'client', 'assets', 'app-1234.js.br'),
    brotliCompressSync('console.log("app")'.repeat(50)),
  );
  writeFileSync(path.join(dist, 'server', 'entry-server.js'), renderer);
  return dist;
}

describe('pages of a built web app', () => {
  let built: TestServer;
  beforeAll(async () => {
    built = await startTestServer({ webDist: builtWebApp(), now: () => new Date('2026-11-22T23:59:00Z') });
  });
  afterAll(async () => {
    await built.close();
  });

  it.each(['/survey', '/survey/', '/SURVEY', '/survey-thank-you/'])(
    'serves the page the web app rendered at %s, never cached',
    async (page) => {
      const res = await fetch(`${built.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain(`<div id="root"><p data-path="${page}"`);
    },
  );

  it('hands the renderer the Host (the brand, §1), the query and the server’s day', async () => {
    // fetch() may not set Host: a plain request can, as a browser on that host does.
    const html = await new Promise<string>((resolve, reject) => {
      const request = http.get(
        `${built.url}/survey-thank-you/??email=a%40b.co&q=y`,
        { headers: { host: 'www.injurycasefinder.com' } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve(body));
        },
      );
      request.on('error', reject);
    });
    expect(html).toContain('data-host="www.injurycasefinder.com"');
    expect(html).toContain('data-today="2026-11-22"');
    expect(html).toContain('>??email=a%40b.co&q=y</p>');
  });

  it('allows the pages’ inline script and style by their hashes, and no other', async () => {
    const res = await fetch(`${built.url}/survey`);
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    const policy = res.headers.get('content-security-policy');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash('window.early = true;')}';`);
    expect(policy).toContain(`style-src 'self' 'sha256-${hash('body{margin:0}')}';`);
  });

  it('answers an unknown page with the web app’s page and status 404', async () => {
    const res = await fetch(`${built.url}/no-such-page`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('data-path="/no-such-page"');
  });

  it('compresses a kept page once and sends the same bytes to every visitor', async () => {
    const first = await fetch(`${built.url}/survey`, { headers: { 'accept-encoding': 'br' } });
    const second = await fetch(`${built.url}/survey`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('accept-encoding');
    expect(await first.text()).toBe(await second.text());
    const gzipped = await fetch(`${built.url}/survey-thank-you/?q=n`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toContain('?q=n</p>');
  });

  it.each(['/index.html', '/.vite/manifest.json'])('does not serve the build’s own file %s', async (file) => {
    const res = await fetch(`${built.url}${file}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<!--app-html-->');
  });

  // Issue 29, finding 9: "dot-segment paths bypass the hidden-file rule": the path is normalised first.
  it.each([
    '//.vite/manifest.json',
    '/./index.html',
    '/assets/../.vite/manifest.json',
    '/./.vite/manifest.json',
    '//index.html',
    '/%2e/index.html',
    '/.%2fvite/manifest.json',
  ])('does not serve the build’s own file through %s (sent as written)', async (raw) => {
    const { status, body } = await rawGet(built.url, raw);
    expect(status).not.toBe(200);
    expect(body).not.toContain('<!--app-html-->');
  });

  it('sends hashed assets brotli-compressed with a year-long cache', async () => {
    const res = await fetch(`${built.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")'.repeat(50));
  });

  it('sends an asset only the headers that apply to it, a page all of the document headers (issue 10)', async () => {
    const asset = await fetch(`${built.url}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('vary')).toBe('accept-encoding');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers.get(name), name).toBeNull();
    const page = await fetch(`${built.url}/survey`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A missing asset is answered like any other unknown address, with every header.
    const missing = await fetch(`${built.url}/assets/missing-0000.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).not.toBeNull();
  });

  it('refuses to start with a renderer that is not the web app’s', async () => {
    await expect(startTestServer({ webDist: builtWebApp('export const nothing = 1;') })).rejects.toThrow(
      'does not export createPageRenderer',
    );
  });
});

function rawHeaders(base: string, rawPath: string): Promise<http.IncomingHttpHeaders> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.headers);
    });
    request.on('error', reject);
    request.end();
  });
}

/** A GET with the path exactly as written (fetch would resolve `.` and `..` first). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the operator console (issue 16)', () => {
  let built: TestServer;
  beforeAll(async () => {
    built = await startTestServer({ webDist: builtWebApp() });
  });
  afterAll(() => built.close());

  it.each(['/console', '/console/', '/console/leads', '/console/leads/abc?x=1', '/Console/privacy'])(
    'answers %s with its HTML shell, never cached nor indexed, under the CSP',
    async (page) => {
      const res = await fetch(`${built.url}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toBe(CONSOLE_SHELL);
    },
  );

  // Issue 29, finding 10: the console's own policy: nothing from the marketing pages' ad and tag origins.
  it('gives the console and its API a strict policy of their own, without the pages’ tag origins', async () => {
    const tagged = await startTestServer({
      webDist: builtWebApp(),
      env: { AD_SCRIPT_URL: 'https://ads.example.test/ad.js', PUBLIC_IP_LOOKUP_URL: 'https://ip.example.test/' },
    });
    try {
      const survey = (await fetch(`${tagged.url}/survey`)).headers.get('content-security-policy') ?? '';
      expect(survey).toContain('https://ads.example.test');
      for (const path of [
        '/console/leads',
        '/Console',
        '/api/console/me',
        '//console/privacy',
        '/%63onsole/leads',
        '/api/%63onsole/me',
      ]) {
        const policy = (await rawHeaders(tagged.url, path))['content-security-policy'] ?? '';
        expect(policy, path).toContain("default-src 'self'");
        expect(policy, path).toContain("connect-src 'self';");
        expect(policy, path).toContain("frame-ancestors 'none'");
        expect(policy, path).not.toContain('example.test');
      }
    } finally {
      await tagged.close();
    }
  });

  it('does not serve the shell file by its own name', async () => {
    const res = await fetch(`${built.url}/console.html`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(404);
  });

  it('explains how to build when the console is not built', async () => {
    const res = await fetch(`${server.url}/console/leads`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});

/** Issue 12: reCAPTCHA on the opt-out page only when a site key is configured (§5 "Captcha must be solved"). */
describe('the opt-out page’s reCAPTCHA', () => {
  const KEYED = RENDERER.replace(
    'async render({ path, search, host, today }) {',
    'async render({ path, search, host, today, recaptchaSiteKey }) {',
  ).replace(
    "'\" data-today=\"' + today + '\">'",
    "'\" data-today=\"' + today + '\" data-captcha=\"' + (recaptchaSiteKey ?? 'none') + '\">'",
  );
  let keyed: TestServer;
  let plain: TestServer;
  beforeAll(async () => {
    keyed = await startTestServer({
      webDist: builtWebApp(KEYED),
      env: { RECAPTCHA_SITE_KEY: 'site-key-1', RECAPTCHA_SECRET: 'secret-1' },
    });
    plain = await startTestServer({ webDist: builtWebApp(KEYED) });
  });
  afterAll(async () => {
    await keyed.close();
    await plain.close();
  });

  it('with a site key: the page gets it, and the CSP allows Google’s script and frame', async () => {
    const res = await fetch(`${keyed.url}/do-not-sell-my-information`);
    expect(await res.text()).toContain('data-captcha="site-key-1"');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    expect(policy).toMatch(/frame-src https:\/\/www\.google\.com\/recaptcha\//);
  });

  it('without one: no key, nothing from Google allowed, no frames', async () => {
    const res = await fetch(`${plain.url}/do-not-sell-my-information`);
    expect(await res.text()).toContain('data-captcha="none"');
    const policy = res.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('google');
    expect(policy).toContain("frame-src 'none'");
  });
});
