/**
 * The server-side renderer (src/entry-server.tsx, issue 10), run here as the server runs it: every landing
 * path's HTML holds its variant's first question in its language and brand, and the browser's first render
 * from the same inputs is the same markup, so hydration keeps the server's HTML.
 */
import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ROUTES, stepById, type FunnelRoute } from '@app/funnel';
import { describe, expect, it } from 'vitest';
import { loadPage } from '../src/app/load-page';
import {
  catalogModule,
  flowModule,
  formsModule,
  notFoundPageModule,
  thankYouPageModule,
} from '../src/app/lazy-modules';
import { languageOfPage, planPage } from '../src/app/page-plan';
import { PageRoot } from '../src/app/page-root';
import { BRANDS } from '../src/brand/brand';
import { createPageRenderer } from '../src/entry-server';
import { newSession } from '../src/survey/survey-session';

const CSS = '.step{color:red}';
const TEMPLATE =
  '<!doctype html><html lang="en"><head><!--app-head--><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"><!--app-html--></div></body></html>';
const TODAY = '2026-11-22';

/** A manifest naming every lazy module, as Vite's would, with one shared import for the flows. */
function manifest(): string {
  const entries: Record<string, { file: string; imports?: string[]; css?: string[] }> = {
    'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
    _kit: { file: 'assets/flow-kit.js' },
  };
  for (const route of ROUTES)
    entries[flowModule(route.variant).id] = { file: `assets/${route.variant}.js`, imports: ['_kit'] };
  // A catalog imports from the entry (the domain's messages), as the real build's do.
  for (const language of ['en', 'es'] as const)
    entries[catalogModule(language).id] = { file: `assets/${language}.js`, imports: ['index.html'] };
  entries[formsModule().id] = { file: 'assets/survey-forms.js' };
  entries[thankYouPageModule().id] = { file: 'assets/thank-you-page.js' };
  entries[notFoundPageModule().id] = { file: 'assets/not-found-page.js' };
  return JSON.stringify(entries);
}

const renderer = createPageRenderer({
  template: TEMPLATE,
  manifest: manifest(),
  readAsset: (file) => {
    if (file !== 'assets/index-1.css') throw new Error(`no ${file}`);
    return CSS;
  },
});
const routes = ROUTES.map((route) => [route.segment ? `/${route.path}/x` : route.path, route] as const);

function rootOf(html: string): string {
  const match = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html);
  return match?.[1] ?? '';
}

describe.each(BRANDS.map((brand) => [brand.id, brand] as const))('brand %s', (_id, brand) => {
  const host = brand.hosts[0] ?? 'localhost';

  it.each(routes)('%s: the HTML shows the first question in its language', async (path, route: FunnelRoute) => {
    const page = await renderer.render({ path, search: '?sub1=x', host: `www.${host}`, today: TODAY });
    const flow = await flowModule(route.variant).load();
    const catalog = await catalogModule(route.language).load();
    const first = stepById(flow, flow.first);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<html lang="${route.language}" data-brand="${brand.id}">`);
    expect(page.html).toContain(`data-step="${first.id}"`);
    const title = catalog.steps[first.id]?.title ?? '';
    expect(title).not.toBe('');
    expect(page.html).toContain(renderToString(createElement('h1', null, title)).replace(/<\/?h1>/g, ''));
    if (first.screen.kind === 'choice') {
      for (const option of first.screen.options) expect(page.html).toContain(`data-option="${option.id}"`);
    }
    expect(page.html).toContain(brand.name);
    // The page's own chunks are preloaded, and the early-input script is inlined as the CSP hash names it.
    expect(page.html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${route.variant}.js">`);
    expect(page.html).toContain(`<script>${renderer.inlineScripts[0] ?? ''}</script>`);
    // The style sheet comes inside the page (one round trip less before the first paint).
    expect(page.html).toContain(`<style>${CSS}</style>`);
    expect(page.html).not.toContain('rel="stylesheet"');
    expect(renderer.inlineStyles).toEqual([CSS]);
  });

  it.each(routes)('%s: the browser’s first render is the server’s HTML (hydration keeps it)', async (path) => {
    const served = await renderer.render({ path, search: '?sub1=x', host, today: TODAY });
    const plan = planPage(path);
    const page = await loadPage(plan, languageOfPage(plan, path, '?sub1=x'));
    if (page.page !== 'survey') throw new Error(`${path} is not a survey`);
    const session = newSession(
      page.route,
      page.flow,
      {
        search: '?sub1=x&sub5=click',
        href: `https://${host}${path}?sub1=x&sub5=click`,
        referrer: 'https://ads.example',
      },
      crypto.randomUUID(),
    );
    const client = renderToString(
      createElement(
        StrictMode,
        null,
        createElement(PageRoot, { page, brand, today: TODAY, search: '?sub1=x', session, earlyInput: null }),
      ),
    );
    expect(client).toBe(rootOf(served.html));
  });
});

describe('other pages', () => {
  it('an unknown path gets the not-found page with status 404', async () => {
    const page = await renderer.render({ path: '/no-such-page', search: '', host: 'localhost', today: TODAY });
    expect(page.status).toBe(404);
    expect(page.html).toContain('Page not found');
    expect(page.html).toContain('data-page="not-found"');
  });

  it('a mistyped Spanish path gets the not-found page in Spanish, kept apart from the English one (issue 11)', async () => {
    const english = await renderer.render({ path: '/no-such-page', search: '', host: 'localhost', today: TODAY });
    const spanish = await renderer.render({ path: '/survey/es/typo', search: '', host: 'localhost', today: TODAY });
    expect(spanish.status).toBe(404);
    expect(spanish.html).toContain('<html lang="es"');
    expect(spanish.html).toContain('Página no encontrada');
    expect(spanish.html).not.toContain('Page not found');
    expect(spanish.cacheKey).not.toBe(english.cacheKey);
  });

  it('renders the Spanish thank-you page for lang=es, per request', async () => {
    const page = await renderer.render({
      path: '/survey-thank-you/',
      search: '?q=y&lang=es',
      host: 'localhost',
      today: TODAY,
    });
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="es"');
    expect(page.cacheKey).toBeNull();
  });

  it('keeps a survey page per path, brand and day', async () => {
    const request = { path: '/g', search: '', host: 'localhost', today: TODAY };
    const first = await renderer.render(request);
    expect(await renderer.render({ ...request, search: '?sub1=other' })).toEqual(first);
    expect((await renderer.render({ ...request, host: 'injurycasefinder.com' })).cacheKey).not.toBe(first.cacheKey);
    expect((await renderer.render({ ...request, today: '2026-11-23' })).cacheKey).not.toBe(first.cacheKey);
  });
});
