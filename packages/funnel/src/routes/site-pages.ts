/**
 * The pages around the survey (spec §1, §2 "Other pages"; issue 12): their paths, named once for the
 * server's routes, the web app's plan and every link to them.
 */
import { normalisePath } from './normalise-path';

export const LEGAL_DOCUMENTS = ['privacy-policy', 'terms-of-use', 'sponsors'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const SITE_PATHS = {
  landing: '/',
  optOut: '/do-not-sell-my-information',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
  sponsors: '/sponsors',
} as const;

/** §2: the privacy policy's section for California residents. */
export const CALIFORNIA_ANCHOR = 'california-resident';

export type SitePage = { page: 'landing' } | { page: 'opt-out' } | { page: 'legal'; document: LegalDocument };

const BY_PATH: ReadonlyMap<string, SitePage> = new Map<string, SitePage>([
  [SITE_PATHS.landing, { page: 'landing' }],
  [SITE_PATHS.optOut, { page: 'opt-out' }],
  [SITE_PATHS.privacyPolicy, { page: 'legal', document: 'privacy-policy' }],
  [SITE_PATHS.termsOfUse, { page: 'legal', document: 'terms-of-use' }],
  [SITE_PATHS.sponsors, { page: 'legal', document: 'sponsors' }],
]);

export function sitePageOf(pathname: string): SitePage | undefined {
  return BY_PATH.get(normalisePath(pathname));
}

/** Every site page's path, for the server's routes. */
export const SITE_PAGE_PATHS: readonly string[] = [...BY_PATH.keys()];
