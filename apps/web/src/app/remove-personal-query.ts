/**
 * Issue 11 ("the PII-free address bar"): once the thank-you page has read its §7 query, the visitor's
 * email, phone and place leave the address bar (history.replaceState: no new entry, no reload). The
 * server sends `Referrer-Policy: no-referrer`, so no request from the page carries them as a Referer,
 * and its request log keeps paths only (apps/server/src/http/request-log.ts). The thank-you page calls
 * this after it has rendered from the query.
 */
import { withoutPersonalFields } from '@app/funnel';

export function removePersonalQuery(location: Location, history: History): void {
  const search = location.search;
  const kept = withoutPersonalFields(search);
  if (kept === search) return;
  history.replaceState(history.state, '', `${location.pathname}${kept}${location.hash}`);
}
