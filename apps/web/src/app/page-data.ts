/**
 * What the server tells the browser about the page it rendered (issue 10): the brand it chose from the
 * Host header and the day it rendered on. The browser's first render uses the same inputs, so hydration
 * finds exactly the server's HTML. Carried as JSON in a non-executed script element, which a
 * `script-src 'self'` policy allows.
 */
export interface PageData {
  brand: string;
  /** The server's UTC date (YYYY-MM-DD) when it rendered: footer year and year lists read it. */
  today: string;
}

export const PAGE_DATA_ID = 'page-data';

/** JSON safe inside a script element: no "</script>" or "<!--" can close or open anything. */
export function pageDataScript(data: PageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
}

function isPageData(value: unknown): value is PageData {
  return (
    typeof value === 'object' &&
    value !== null &&
    'brand' in value &&
    typeof value.brand === 'string' &&
    'today' in value &&
    typeof value.today === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value.today)
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
