/**
 * Landing path → variant, language, thank-you path and tracking defaults (spec §2 "Pages and paths",
 * §9). One table; the web app and the server both read it.
 */
import { DEFAULT_AFFID, DEFAULT_OID } from '../constants';
import type { Language } from '../lead/lead-submission';

export interface FunnelRoute {
  /** Normalised path without a trailing slash. */
  path: string;
  variant: string;
  language: Language;
  thankYouPath: string;
  oid: string;
  affid: string;
}

const ROUTES: readonly FunnelRoute[] = [
  {
    path: '/survey',
    variant: 'extended',
    language: 'en',
    thankYouPath: '/survey-thank-you/',
    oid: DEFAULT_OID,
    affid: DEFAULT_AFFID,
  },
];

export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.toLowerCase();
}

export function resolveRoute(pathname: string): FunnelRoute | undefined {
  const path = normalisePath(pathname);
  return ROUTES.find((r) => r.path === path);
}

export function funnelPaths(): readonly string[] {
  return ROUTES.map((r) => r.path);
}
