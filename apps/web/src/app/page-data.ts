/**
 * What the server tells the browser about the page it rendered (issue 10): which page and route the path
 * is (so the route registry stays out of the browser's first chunk), its language, the brand it chose
 * from the Host header and the day it rendered on. The browser's first render uses the same inputs, so
 * hydration finds exactly the server's HTML. Carried as JSON in a non-executed script element, which a
 * `script-src 'self'` policy allows.
 */
import { LANGUAGES, LEGAL_DOCUMENTS, type Language } from '@app/funnel';
import { isBrand, type Brand } from '../brand/brand';
import { isSurveyWords, type SurveyWords } from '../i18n/survey-words';
import type { PagePlan } from './page-plan';

export interface PageData {
  /** The brand the Host chose, as configured (brand/brand.ts). */
  brand: Brand;
  /** The server's UTC date (YYYY-MM-DD) when it rendered: footer year and year lists read it. */
  today: string;
  plan: PagePlan;
  language: Language;
  /** The opt-out form's reCAPTCHA site key, null when none is configured (issue 12). */
  recaptchaSiteKey: string | null;
  /** A survey page's words (issue 10: no language chunk before the first answer); null on other pages. */
  words: SurveyWords | null;
}

export const PAGE_DATA_ID = 'page-data';

/** JSON inside a non-executed script element, safe: no "</script>" or "<!--" can close or open anything. */
export function jsonScript(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

export function pageDataScript(data: PageData): string {
  return jsonScript(PAGE_DATA_ID, data);
}

function isPagePlan(value: unknown): value is PagePlan {
  if (typeof value !== 'object' || value === null || !('page' in value)) return false;
  if (value.page === 'survey') return 'route' in value && typeof value.route === 'object' && value.route !== null;
  if (value.page === 'legal') return 'document' in value && LEGAL_DOCUMENTS.some((d) => d === value.document);
  return typeof value.page === 'string';
}

/** The server wrote it; checked anyway, so a page saved to disk and edited cannot crash the app. */
function isPageData(value: unknown): value is PageData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'brand' in value &&
    isBrand(value.brand) &&
    'today' in value &&
    typeof value.today === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value.today) &&
    'plan' in value &&
    isPagePlan(value.plan) &&
    'language' in value &&
    LANGUAGES.some((language) => language === value.language) &&
    'recaptchaSiteKey' in value &&
    (value.recaptchaSiteKey === null || typeof value.recaptchaSiteKey === 'string') &&
    'words' in value &&
    (value.words === null || isSurveyWords(value.words))
  );
}

/** The server's page data, or null when the page did not come from the server (the Vite dev server). */
export function readPageData(doc: Document): PageData | null {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPageData(value) ? value : null;
  } catch {
    return null;
  }
}
