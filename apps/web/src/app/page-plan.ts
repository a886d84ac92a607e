/**
 * Which page a path shows, its HTTP status and its language. The server decides and tells the browser in
 * the page data (app/page-data.ts), so the route registry is not in the browser's first chunk; the
 * browser asks this module itself only when no server rendered the page (the Vite dev server).
 */
import { languageOf, normalisePath, resolveRoute, THANK_YOU_PATHS, type FunnelRoute, type Language } from '@app/funnel';

export type PagePlan =
  | { page: 'survey'; route: FunnelRoute; status: 200 }
  | { page: 'thank-you'; status: 200 }
  | { page: 'not-found'; status: 404 };

/** `variant`: the server's choice for this visitor (an experiment's arm), instead of the route's own. */
export function planPage(pathname: string, variant?: string): PagePlan {
  const route = resolveRoute(pathname);
  if (route) return { page: 'survey', route: variant ? { ...route, variant } : route, status: 200 };
  if (THANK_YOU_PATHS.includes(normalisePath(pathname))) return { page: 'thank-you', status: 200 };
  return { page: 'not-found', status: 404 };
}

/**
 * The language of the nearest survey path above an unknown one (/survey/es/typo is Spanish), else of its
 * query (lang=es): issue 11, a Spanish visitor who mistypes a path is not answered in English.
 */
function languageNear(pathname: string, search: string): Language {
  const segments = normalisePath(pathname).split('/').filter(Boolean);
  for (let n = segments.length - 1; n > 0; n--) {
    const route = resolveRoute(`/${segments.slice(0, n).join('/')}`);
    if (route) return route.language;
  }
  return languageOf(pathname, search);
}

/** §1: a survey in its route's language; a thank-you page in Spanish with lang=es; not-found as near. */
export function languageOfPage(plan: PagePlan, pathname: string, search: string): Language {
  if (plan.page === 'survey') return plan.route.language;
  return plan.page === 'thank-you' ? languageOf(pathname, search) : languageNear(pathname, search);
}
