/**
 * The server's side of the web app (issue 10), built by `vite build --ssr` into dist/server and loaded by
 * the Fastify server at start (apps/server/src/web/web-app.ts). It renders a path's page to a whole HTML
 * document: a survey with its first step, in the route's language and the Host's brand, ready to paint
 * before any script runs. Pages that depend only on the path, brand and day are rendered once and kept.
 */
import { callNumberFor, type CaseTopic, type PageRenderRequest, type RenderedPage } from '@app/funnel';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { brandForHost } from './brand/brand-for-host';
import { EARLY_INPUT_SCRIPT } from './app/early-input-script';
import { loadPage, type LoadedPage } from './app/load-page';
import { pageDataScript } from './app/page-data';
import { languageOfPage, planPage } from './app/page-plan';
import { PageRoot } from './app/page-root';
import { brandStyleSheet } from './server-render/brand-styles';
import { escapeHtml, inlineStyleSheets, pageDocument } from './server-render/page-document';
import { legalHtml } from './site/legal-content';
import { parseManifest, preloadLinks } from './server-render/preload-links';
import { newSession, type SurveySession } from './survey/survey-session';
import { firstTapReveals, firstTapScript } from './survey/first-tap-reveals';
import type { Catalog } from './i18n/catalog';
import { surveyWordsOf } from './i18n/survey-words';

export interface PageRenderer {
  /** The inline scripts every page carries, for the Content-Security-Policy's hashes. */
  inlineScripts: readonly string[];
  /** The inline style sheets every page carries, likewise. */
  inlineStyles: readonly string[];
  render: (request: PageRenderRequest) => Promise<RenderedPage>;
}

/** Rendered documents kept in memory: one per (page, route, brand, day); a few hundred at most. */
const CACHE_LIMIT = 500;

/** The server loads every page's catalog (app/load-page.ts: a survey's too, for its words and title). */
function catalogOf(page: LoadedPage): Catalog {
  if (!page.catalog) throw new Error(`The renderer loads the catalog of every page (${page.page})`);
  return page.catalog;
}

/** A flow's case's title and description (issue 28: a ticket's tab speaks of the ticket). */
function metaOf(catalog: Catalog, topic: CaseTopic): { title: string; description: string } {
  return topic === 'accident' ? catalog.meta : catalog.topicMeta[topic];
}

/** Every page's title names the brand (issue 28). */
function titleOf(page: LoadedPage, brandName: string): { title: string; description: string } {
  const catalog = catalogOf(page);
  const description = catalog.meta.description;
  switch (page.page) {
    case 'survey': {
      const meta = metaOf(catalog, page.flow.topic);
      return { title: `${meta.title} · ${brandName}`, description: meta.description };
    }
    case 'not-found':
      return { title: `${catalog.notFound.title} · ${brandName}`, description };
    case 'thank-you': {
      const meta = metaOf(catalog, page.ticket ? 'traffic-ticket' : 'accident');
      return { title: `${meta.title} · ${brandName}`, description: meta.description };
    }
    case 'landing':
      return { title: `${page.text.pageTitles.landing} · ${brandName}`, description };
    case 'opt-out':
      return { title: `${page.text.pageTitles.optOut} · ${brandName}`, description };
    case 'legal': {
      const titles = page.text.pageTitles;
      const name = {
        'privacy-policy': titles.privacyPolicy,
        'terms-of-use': titles.termsOfUse,
        sponsors: titles.sponsors,
      };
      return { title: `${name[page.document]} · ${brandName}`, description };
    }
  }
}

/**
 * Issue 33: where each answer of a survey's first step leads, for the capture script to show it before the
 * app is live. Derived as the browser derives a choice before its forms chunk: no place, no word lists.
 */
function firstTapOf(page: LoadedPage, session: SurveySession | null, today: string): string {
  if (page.page !== 'survey' || !session) return '';
  const context = {
    today,
    place: null,
    stateLimits: [],
    tracking: session.tracking,
    wordLists: null,
    gibberishReading: null,
  };
  const reveals = firstTapReveals(page.flow, context);
  return reveals ? firstTapScript(reveals) : '';
}

export interface WebBuild {
  /** dist/client/index.html, as Vite wrote it. */
  template: string;
  /** dist/client/.vite/manifest.json. */
  manifest: string;
  /** A built file of dist/client by its path there (assets/index-….css). */
  readAsset: (file: string) => string;
}

export function createPageRenderer(build: WebBuild): PageRenderer {
  // The style sheet is the only thing a first paint waits for: it comes inside the page (issue 10).
  const { template, styles } = inlineStyleSheets(build.template, build.readAsset);
  // The brands' themes (brands.json), inside every page beside the style sheet (issue 12).
  const brandStyles = brandStyleSheet();
  const document = pageDocument(template);
  const manifest = parseManifest(build.manifest);
  const cache = new Map<string, RenderedPage>();

  async function renderPage(request: PageRenderRequest): Promise<RenderedPage> {
    const brand = brandForHost(request.host);
    const plan = planPage(request.path, brand, request.variant);
    const language = languageOfPage(plan, request.path, request.search);
    const page = await loadPage(plan, language, {
      legalHtml: (doc, lang) => legalHtml(brand, doc, lang, request.sponsors),
    });
    const words = page.page === 'survey' ? surveyWordsOf(catalogOf(page), page.flow) : null;
    const recaptchaSiteKey = request.recaptchaSiteKey ?? null;
    const session =
      page.page === 'survey'
        ? // The query for the visit's call number (issue 28), as the browser's session reads it.
          newSession(page.route, page.flow, { search: request.search, href: '', referrer: '' }, 'server-render')
        : null;
    const body = renderToString(
      <StrictMode>
        <PageRoot
          page={page}
          brand={brand}
          today={request.today}
          search={request.search}
          session={session}
          words={words}
          earlyInput={null}
          recaptchaSiteKey={recaptchaSiteKey}
        />
      </StrictMode>,
    );
    const { title, description } = titleOf(page, brand.name);
    const head = [
      `<style>${brandStyles}</style>`,
      `<title>${escapeHtml(title)}</title>`,
      `<meta name="description" content="${escapeHtml(description)}">`,
      // Against the template as built: its style sheet is inside the page now, not to be linked again.
      preloadLinks(manifest, page.modules, build.template),
      pageDataScript({ brand, today: request.today, plan, language, recaptchaSiteKey, words }),
      firstTapOf(page, session, request.today),
      `<script>${EARLY_INPUT_SCRIPT}</script>`,
    ].join('');
    return {
      status: plan.status,
      html: document({ lang: page.language, brand: brand.id, head, body }),
      cacheKey: null,
    };
  }

  return {
    inlineScripts: [EARLY_INPUT_SCRIPT],
    inlineStyles: [...styles, brandStyles],
    async render(request) {
      const brand = brandForHost(request.host);
      const plan = planPage(request.path, brand, request.variant);
      // The thank-you page reads its query; the others depend only on the path (and the variant an
      // experiment shows there), the brand, the day, the language (issue 11: a not-found page speaks the
      // language of the path it was asked for), and the visit's call number (issue 28: the query's affid,
      // else the route's).
      const language = languageOfPage(plan, request.path, request.search);
      const key =
        plan.page === 'thank-you'
          ? null
          : [
              plan.page === 'survey'
                ? `${plan.route.path}:${plan.route.variant}`
                : plan.page === 'legal'
                  ? plan.document
                  : plan.page,
              brand.id,
              request.today,
              language,
              callNumberFor(brand, {
                search: request.search,
                ...(plan.page === 'survey' ? { routeAffid: plan.route.affid } : {}),
              }),
              request.recaptchaSiteKey ?? '',
              // Issue 28: the Sponsors page lists the buyers of the moment.
              plan.page === 'legal' && plan.document === 'sponsors' ? JSON.stringify(request.sponsors ?? []) : '',
            ].join('|');
      const cached = key === null ? undefined : cache.get(key);
      if (cached) return cached;
      const rendered = { ...(await renderPage(request)), cacheKey: key };
      if (key !== null) {
        if (cache.size >= CACHE_LIMIT) cache.clear();
        cache.set(key, rendered);
      }
      return rendered;
    },
  };
}
