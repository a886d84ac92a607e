/**
 * The server-side renderer (src/entry-server.tsx, issue 10), run here as the server runs it: every landing
 * path's HTML holds its variant's first question in its language and brand, and the browser's first render
 * from the same inputs is the same markup, so hydration keeps the server's HTML.
 */
import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { answerStep, ROUTES, startFlow, stepById, type FunnelRoute } from '@app/funnel';
import { describe, expect, it } from 'vitest';
import { firstAnswerNeedsForms, loadPage } from '../src/app/load-page';
import {
  catalogModule,
  flowModule,
  formsModule,
  landingPageModule,
  legalPageModule,
  notFoundPageModule,
  optOutPageModule,
  siteTextModule,
  thankYouPageModule,
} from '../src/app/lazy-modules';
import { languageOfPage, planPage } from '../src/app/page-plan';
import { PageRoot } from '../src/app/page-root';
import { BRANDS } from '../src/brand/brand-for-host';
import { brandStyleSheet } from '../src/server-render/brand-styles';
import { createPageRenderer } from '../src/entry-server';
import { newSession } from '../src/survey/survey-session';
import { stepTextOf } from '../src/i18n/catalog';
import { isSurveyWords, type SurveyWords } from '../src/i18n/survey-words';

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
  entries[thankYouPageModule().id] = { file: 'assets/thank-you-page.js', imports: ['_site'] };
  entries[landingPageModule().id] = { file: 'assets/landing-page.js', imports: ['_site'] };
  entries[optOutPageModule().id] = { file: 'assets/opt-out-page.js', imports: ['_site'] };
  entries[legalPageModule().id] = { file: 'assets/legal-page.js', imports: ['_site'] };
  entries._site = { file: 'assets/site-layout.js', css: ['assets/site.css'] };
  for (const language of ['en', 'es'] as const)
    entries[siteTextModule(language).id] = { file: `assets/site-${language}.js` };
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

/** A survey page's words as the browser reads them: the page data's JSON (app/page-data.ts). */
function wordsOnPage(html: string): SurveyWords {
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  const data: unknown = JSON.parse(json);
  const words = typeof data === 'object' && data !== null && 'words' in data ? data.words : null;
  if (!isSurveyWords(words)) throw new Error('The page data has no survey words');
  return words;
}

function rootOf(html: string): string {
  const match = /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html);
  return match?.[1] ?? '';
}

/** The first tap's reveals the page names (survey/first-tap-reveals.ts), or null when it names none. */
function firstTapOnPage(html: string): unknown {
  const json = /<script type="application\/json" id="first-tap">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return json === undefined ? null : JSON.parse(json);
}

describe('the first tap before the app is live (issue 33)', () => {
  it.each(routes)(
    '%s: the HTML names the step each first answer leads to, as the flow answers it, and holds it kept',
    async (path, route: FunnelRoute) => {
      const page = await renderer.render({ path, search: '?sub1=x', host: 'localhost', today: TODAY });
      const flow = await flowModule(route.variant).load();
      const first = stepById(flow, flow.first);
      const reveals = firstTapOnPage(page.html);
      if (first.screen.kind !== 'choice') {
        // A first step that needs validation waits for the app.
        expect(reveals).toBeNull();
        return;
      }
      const context = { today: TODAY, place: null, stateLimits: [], wordLists: null, gibberishReading: null };
      const tracking = { oid: route.oid, affid: route.affid, lp_campaign_id: '' };
      const expected: Record<string, { to: string; progress: number }> = {};
      for (const option of first.screen.options) {
        const outcome = answerStep(flow, startFlow(flow), option.set, { ...context, tracking });
        const to = outcome.state.path.at(-1) ?? '';
        if (outcome.done) continue;
        expected[option.id] = { to, progress: stepById(flow, to).progress };
        // The pane shown by the tap is in the page, kept (laid out, not shown) until then.
        expect(page.html).toMatch(
          new RegExp(`<section class="step step--kept" data-step="${to}" inert="" aria-hidden="true">`),
        );
      }
      expect(Object.keys(expected).length).toBeGreaterThan(0);
      expect(reveals).toEqual({ step: first.id, options: expected });
    },
  );
});

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
    const title = stepTextOf(catalog, flow.topic, first).title;
    expect(title).not.toBe(first.id);
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
    expect(renderer.inlineStyles).toEqual([CSS, brandStyleSheet()]);
  });

  it.each(routes)(
    '%s: the words come in the page, the language chunk only when the first answer needs the forms (issue 10)',
    async (path, route: FunnelRoute) => {
      const page = await renderer.render({ path, search: '', host, today: TODAY });
      const flow = await flowModule(route.variant).load();
      const catalog = await catalogModule(route.language).load();
      const words = wordsOnPage(page.html);
      // Every step of the route's flow, in its case's words (issue 11), and no other flow's step.
      expect(Object.keys(words.steps).sort()).toEqual(flow.steps.map((s) => s.id).sort());
      for (const step of flow.steps) expect(words.steps[step.id]).toEqual(stepTextOf(catalog, flow.topic, step));
      expect(words.footer).toEqual(catalog.footer);
      const needsForms = firstAnswerNeedsForms(flow);
      const preloads = (file: string) =>
        page.html.includes(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
      expect(preloads(`${route.language}.js`)).toBe(needsForms);
      expect(preloads('survey-forms.js')).toBe(needsForms);
    },
  );

  it.each(routes)('%s: the browser’s first render is the server’s HTML (hydration keeps it)', async (path) => {
    const served = await renderer.render({ path, search: '?sub1=x', host, today: TODAY });
    const plan = planPage(path, brand);
    // As the browser does: the words from the page data, no language chunk unless the first answer needs it.
    const words = wordsOnPage(served.html);
    const page = await loadPage(plan, languageOfPage(plan, path, '?sub1=x'), { surveyCatalog: false });
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
        createElement(PageRoot, {
          page,
          brand,
          today: TODAY,
          search: '?sub1=x',
          session,
          words,
          earlyInput: null,
          recaptchaSiteKey: null,
        }),
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

/**
 * The pages around the survey (issue 12): every one in both brands and both languages, its first content
 * in the server's HTML, and the browser's first render (the legal text read back from the server's HTML)
 * the same markup, so hydration keeps it.
 */
describe('the pages around the survey', () => {
  const SITE = [
    ['/', 'landing', '?sub1=a'],
    ['/do-not-sell-my-information', 'opt-out', ''],
    ['/privacy-policy', 'privacy-policy', ''],
    ['/terms-of-use', 'terms-of-use', ''],
    ['/sponsors', 'sponsors', ''],
    ['/survey-thank-you/', 'thank-you', '?q=y&show-meter=yes&cl=4'],
    ['/survey-thank-you-v3b/', 'thank-you', '?q=n'],
    ['/survey-thank-you-v7/', 'thank-you', '?q=y'],
    ['/survey-v5-thank-you/', 'thank-you', '?q=y'],
    ['/ticket-thank-you/', 'thank-you', '?affid=1&sub_id=1'],
  ] as const;
  const cases = BRANDS.flatMap((brand) =>
    (['en', 'es'] as const).flatMap((language) =>
      SITE.map(([path, name, search]) => {
        const query = language === 'es' ? `${search ? `${search}&` : '?'}lang=es` : search;
        return [`${brand.id} ${language} ${path}${query}`, brand, language, path, name, query] as const;
      }),
    ),
  );

  it.each(cases)('%s', async (_label, brand, language, path, name, search) => {
    const host = `www.${brand.hosts[0] ?? ''}`;
    const served = await renderer.render({ path, search, host, today: TODAY });
    if (name === 'sponsors' && !brand.showSponsors) {
      // §1: the brand that hides the Sponsors link has no Sponsors page.
      expect(served.status).toBe(404);
      expect(served.html).toContain('data-page="not-found"');
      expect(served.html).toContain(`<html lang="${language}"`);
      return;
    }
    expect(served.status).toBe(200);
    expect(served.html).toContain(`<html lang="${language}" data-brand="${brand.id}">`);
    expect(served.html).toContain(`data-page="${name}"`);
    expect(served.html).toContain(`<style>${brandStyleSheet()}</style>`);
    expect(served.html).toContain(brand.footerNote[language]);
    // The footer's links, the sponsors link only where the brand shows it.
    expect(served.html).toContain('href="/privacy-policy');
    expect(served.html.includes('href="/sponsors')).toBe(brand.showSponsors);
    const plan = planPage(path, brand);
    const server = await loadPage(plan, languageOfPage(plan, path, search), { legalHtml: () => '' });
    const legalText = /data-legal-content="">([\s\S]*?)<\/article>/.exec(served.html)?.[1] ?? '';
    const page = await loadPage(plan, languageOfPage(plan, path, search), { legalHtml: () => legalText });
    expect(page.page).toBe(server.page);
    const client = renderToString(
      createElement(
        StrictMode,
        null,
        createElement(PageRoot, {
          page,
          brand,
          today: TODAY,
          search,
          session: null,
          words: null,
          earlyInput: null,
          recaptchaSiteKey: null,
        }),
      ),
    );
    expect(client).toBe(rootOf(served.html));
  });

  it('the privacy policy has its #california-resident section in both languages', async () => {
    for (const search of ['', '?lang=es']) {
      const page = await renderer.render({ path: '/privacy-policy', search, host: 'localhost', today: TODAY });
      expect(page.html).toMatch(/<h2 id="california-resident">/);
      expect(page.html).toContain('CCPA/CPRA');
      expect(page.html).not.toContain('{{');
    }
  });

  it('the ticket thank-you page speaks of the traffic ticket; the others of the accident', async () => {
    const ticket = await renderer.render({ path: '/ticket-thank-you/', search: '', host: 'localhost', today: TODAY });
    expect(ticket.html).toContain('traffic ticket review request');
    expect(ticket.html).not.toContain('compensation meter');
    const survey = await renderer.render({
      path: '/survey-thank-you/',
      search: '??q=y&lang=es',
      host: 'localhost',
      today: TODAY,
    });
    expect(survey.html).toContain('<html lang="es"');
    expect(survey.html).toContain('¡Gracias! Su caso podría tener un valor de medio a alto.');
  });

  it('the call number is the affid’s when configured, and each such page is kept apart', async () => {
    const request = { path: '/', search: '', host: 'localhost', today: TODAY };
    const plain = await renderer.render(request);
    const tracked = await renderer.render({ ...request, search: '?affid=252' });
    expect(plain.html).toContain('data-call-number="8005550199"');
    expect(tracked.html).toContain('data-call-number="8005550142"');
    expect(tracked.cacheKey).not.toBe(plain.cacheKey);
    expect((await renderer.render({ ...request, search: '?affid=999' })).cacheKey).toBe(plain.cacheKey);
    expect((await renderer.render({ ...request, search: '?lang=es' })).cacheKey).not.toBe(plain.cacheKey);
  });

  it('the opt-out page carries the reCAPTCHA site key only when one is configured', async () => {
    const request = { path: '/do-not-sell-my-information', search: '', host: 'localhost', today: TODAY };
    expect((await renderer.render(request)).html).toContain('"recaptchaSiteKey":null');
    expect((await renderer.render({ ...request, recaptchaSiteKey: 'site-key-1' })).html).toContain(
      '"recaptchaSiteKey":"site-key-1"',
    );
  });

  it('an unknown path answers in the language of lang=es', async () => {
    const page = await renderer.render({ path: '/nope', search: '?lang=es', host: 'localhost', today: TODAY });
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="es"');
    expect(page.html).toContain('Página no encontrada');
  });
});
