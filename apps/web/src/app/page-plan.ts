/**
 * Which page a path shows, its HTTP status and its language. The server decides and tells the browser in
 * the page data (app/page-data.ts), so the route registry is not in the browser's first chunk; the
 * browser asks this module itself only when no server rendered the page (the Vite dev server).
 */
import {
  languageOf,
  normalisePath,
  resolveRoute,
  ROUTES,
  sitePageOf,
  THANK_YOU_PATHS,
  type FunnelRoute,
  type Language,
  type LegalDocument,
} from '@app/funnel';

export type PagePlan =
  | { page: 'survey'; route: FunnelRoute; status: 200 }
  | { page: 'thank-you'; ticket: boolean; status: 200 }
  | { page: 'landing'; status: 200 }
  | { page: 'opt-out'; status: 200 }
  | { page: 'legal'; document: LegalDocument; status: 200 }
  | { page: 'not-found'; status: 404 };

/**
 * §1: on a brand that hides Sponsors, /sponsors is no page at all. `variant`: the server's choice for this
 * visitor (an experiment's arm, issue 16), instead of the route's own.
 */
export function planPage(pathname: string, brand: { showSponsors: boolean }, variant?: string): PagePlan {
  const route = resolveRoute(pathname);
  if (route) return { page: 'survey', route: variant ? { ...route, variant } : route, status: 200 };
  const path = normalisePath(pathname);
  if (THANK_YOU_PATHS.includes(path)) {
    // The ticket flow's thank-you page has its own texts (§4 "Ticket flow ... redirects to /ticket-thank-you/").
    const ticket = ROUTES.some((r) => r.thankYou.ticket === true && normalisePath(r.thankYou.path) === path);
    return { page: 'thank-you', ticket, status: 200 };
  }
  const site = sitePageOf(pathname);
  if (site && !(site.page === 'legal' && site.document === 'sponsors' && !brand.showSponsors)) {
    return { ...site, status: 200 };
  }
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

/**
 * §1: a survey in its route's language; a thank-you page in Spanish with lang=es (also after a doubled
 * question mark). The pages around the survey read lang=es the same way (docs/spec-decisions.md): a Spanish
 * visitor following a footer link stays in Spanish; the 404 page speaks the language of the path near it.
 */
export function languageOfPage(plan: PagePlan, pathname: string, search: string): Language {
  if (plan.page === 'survey') return plan.route.language;
  return plan.page === 'not-found' ? languageNear(pathname, search) : languageOf(pathname, search);
}
