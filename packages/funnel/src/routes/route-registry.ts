/**
 * Landing path → variant, language, thank-you page and tracking defaults (spec §2 "Pages and paths",
 * §7, §9). One table, read by the web app and the server. §9 lists the oid/affid overrides but not
 * which path gets which; the mapping below is ours (docs/spec-decisions.md).
 */
import { DEFAULT_AFFID, DEFAULT_OID } from '../constants';
import type { Language } from '../lead/lead-submission';
import { normalisePath } from './normalise-path';

export { normalisePath } from './normalise-path';

export interface ThankYouPage {
  path: string;
  /** §2: "for two variants the thank-you path is written with a doubled question mark". */
  doubledQuestionMark?: boolean;
  /** §7 per-variant additions: is_disqualified=true on VW3, qualified=yes on the short variant. */
  extraParams?: Readonly<Record<string, string>>;
  /** §7: the ticket redirect carries the landing query plus affid and sub_id only. */
  ticket?: boolean;
}

export type BuyerSource = 'v4nv-d1' | 'v4nv-d2' | 'v4nv-x1' | 'fetch';

export interface FunnelRoute {
  /** Lower-case path without a trailing slash, or a first path segment when `segment` is set. */
  path: string;
  /** The path is a first segment: /surveyv4nv and /surveyv4nv/anything both match. */
  segment?: boolean;
  variant: string;
  language: Language;
  thankYou: ThankYouPage;
  oid: string;
  affid: string;
  /** §5: older versions (v2–v5, sd/v3, sd/v3b) treat the phone as not active. */
  legacyPhoneCheck?: boolean;
  /** §4 consent variant: where the buyers shown for one-to-one consent come from. */
  buyers?: BuyerSource;
  /** §4 phone verification (issue 13): the lead is sent once the phone passed an SMS check. */
  smsVerification?: boolean;
  /**
   * Issue 28: the survey the header's language switch opens (routes/language-switch.ts); none where the
   * case has no survey in the other language (the ticket, DUI and eligibility flows).
   */
  otherLanguage?: string;
}

/**
 * Issue 28: the DUI flow's thank-you query says the case is a DUI (§4 "DUI variant"), so its page makes no
 * claim about an accident's value (rules/thank-you-headline.ts). The spec names no such parameter.
 */
export const DUI_CASE = { param: 'case', value: 'dui' } as const;
const DUI_THANK_YOU_PARAMS: Readonly<Record<string, string>> = { [DUI_CASE.param]: DUI_CASE.value };

const DEFAULT_THANK_YOU: ThankYouPage = { path: '/survey-thank-you/' };

const route = (path: string, variant: string, extra: Partial<FunnelRoute> = {}): FunnelRoute => ({
  path,
  variant,
  language: 'en',
  thankYou: DEFAULT_THANK_YOU,
  oid: DEFAULT_OID,
  affid: DEFAULT_AFFID,
  ...extra,
});

const SPANISH: Partial<FunnelRoute> = { language: 'es' };
const LEGACY: Partial<FunnelRoute> = { legacyPhoneCheck: true };

/**
 * Issue 28: each survey's counterpart in the other language. §2 pairs /survey and /survey/es by name; the
 * v4nv pair (/surveyv4nv, /survey/v4nv-es) likewise. Other English car-accident surveys switch to the
 * Spanish survey; the ticket, DUI and eligibility cases have no Spanish survey, so no switch.
 */
const OTHER_LANGUAGE: Readonly<Record<string, string>> = {
  '/survey': '/survey/es',
  '/survey/es': '/survey',
  surveyes: '/survey',
  surveyv4nv: '/survey/v4nv-es',
  '/survey/v4nv-rz': '/survey/v4nv-es',
  '/survey/v4nv-es': '/surveyv4nv',
};
const NO_OTHER_LANGUAGE: ReadonlySet<string> = new Set(['ticket', 'dui', 'eligibility']);

function withOtherLanguage(r: FunnelRoute): FunnelRoute {
  const own = OTHER_LANGUAGE[r.path];
  if (own !== undefined) return { ...r, otherLanguage: own };
  return r.language === 'en' && !NO_OTHER_LANGUAGE.has(r.variant) ? { ...r, otherLanguage: '/survey/es' } : r;
}

export const ROUTES: readonly FunnelRoute[] = [
  route('/survey', 'extended'),
  route('/survey/es', 'spanish', { ...SPANISH, oid: '56' }),
  route('surveyes', 'spanish', { ...SPANISH, segment: true, oid: '57' }),
  route('/survey/v4nv-ep', 'v4nv-consent', { oid: '101', buyers: 'fetch' }),
  route('/survey/v4nv-rz', 'v4nv', { oid: '102', smsVerification: true }),
  route('surveyv4nv', 'v4nv', { segment: true, oid: '85' }),
  route('/survey/v4nv-es', 'v4nv-spanish', { ...SPANISH, oid: '86', smsVerification: true }),
  route('/survey/v4nv-d1', 'v4nv-consent', { oid: '80', buyers: 'v4nv-d1' }),
  route('/survey/v4nv-d2', 'v4nv-consent', { oid: '80', buyers: 'v4nv-d2' }),
  route('/survey/v4nv-x1', 'v4nv-consent', { oid: '80', buyers: 'v4nv-x1' }),
  route('surveyv4g', 'v4g', { segment: true, oid: '112' }),
  route('/survey/vw', 'vw3', {
    oid: '113',
    thankYou: { path: '/survey-thank-you/', extraParams: { is_disqualified: 'true' } },
  }),
  // §3: affid 252 in the social-video variant.
  ...['/survey/tt', '/survey/ig', '/survey/insta', '/survey/yt', '/yt'].map((p) =>
    route(p, 'social-video', { oid: '114', affid: '252' }),
  ),
  route('/survey/fb', 'social-drop', { oid: '196', affid: '107' }),
  route('/f', 'social-drop', { oid: '196', affid: '107' }),
  route('/survey-google', 'variant-a', { oid: '152', affid: '340' }),
  route('/g', 'variant-a', { oid: '152', affid: '340' }),
  route('/g2', 'variant-b', { oid: '160', affid: '340' }),
  route('/survey/v2', 'variant-c', { ...LEGACY, oid: '188' }),
  route('/survey/v3', 'short', {
    ...LEGACY,
    oid: '235',
    thankYou: { path: '/survey-thank-you/', extraParams: { qualified: 'yes' } },
  }),
  route('/survey/v4', 'medical', LEGACY),
  route('/survey/v5', 'v5', { ...LEGACY, thankYou: { path: '/survey-v5-thank-you/' } }),
  route('surveyv5nv', 'v5', { segment: true, thankYou: { path: '/survey-v5-thank-you/' } }),
  route('/survey/v6', 'one-page-form'),
  route('/survey/v7', 'v7', { thankYou: { path: '/survey-thank-you-v7/' } }),
  route('/form', 'multi-step-form'),
  route('/survey-sd/v3', 'short-2', { ...LEGACY, thankYou: { path: '/survey-thank-you/', doubledQuestionMark: true } }),
  route('/survey-sd/v3b', 'name-first-short', { ...LEGACY, thankYou: { path: '/survey-thank-you-v3b/' } }),
  route('survey-sdv3b', 'name-first-short', { ...LEGACY, segment: true, thankYou: { path: '/survey-thank-you-v3b/' } }),
  route('/survey-sd/v4', 'plain-short', { thankYou: { path: '/survey-thank-you/', doubledQuestionMark: true } }),
  route('/survey-sl', 'minimal'),
  // The spec names these flows but gives them no landing path; these paths are ours.
  // Issue 28: the DUI thank-you says what is true for a DUI visitor (no accident value claim, no meter).
  route('/survey/dui', 'dui', { thankYou: { path: '/survey-thank-you/', extraParams: DUI_THANK_YOU_PARAMS } }),
  route('/ticket', 'ticket', { thankYou: { path: '/ticket-thank-you/', ticket: true } }),
  route('/survey/eligibility', 'eligibility'),
].map(withOtherLanguage);

/** §2 thank-you pages, served by the web app. */
export const THANK_YOU_PATHS: readonly string[] = [
  '/survey-thank-you',
  '/survey-v5-thank-you',
  '/survey-thank-you-v3b',
  '/survey-thank-you-v7',
  '/ticket-thank-you',
];

export function resolveRoute(pathname: string): FunnelRoute | undefined {
  const path = normalisePath(pathname);
  const exact = ROUTES.find((r) => !r.segment && r.path === path);
  if (exact) return exact;
  const first = path.split('/')[1] ?? '';
  return ROUTES.find((r) => r.segment === true && r.path === first);
}

/** Exact landing paths (for the server's page routes). */
export function funnelPaths(): readonly string[] {
  return ROUTES.filter((r) => !r.segment).map((r) => r.path);
}

/** First path segments that select a variant, with anything after them. */
export function funnelSegments(): readonly string[] {
  return ROUTES.filter((r) => r.segment === true).map((r) => r.path);
}

/** §1: Spanish on a Spanish landing path, or on a thank-you page with lang=es. */
export function languageOf(pathname: string, search: string): Language {
  const route = resolveRoute(pathname);
  if (route) return route.language;
  // A thank-you query may arrive after a doubled question mark (§2): read it the same way.
  return new URLSearchParams(search.replace(/^\?+/, '')).get('lang') === 'es' ? 'es' : 'en';
}
