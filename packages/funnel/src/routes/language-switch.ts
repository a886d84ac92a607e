/**
 * The survey header's language switch (issue 28: survey pages have the language switch the landing and
 * thank-you pages have). It opens the route's counterpart in the other language (route-registry.ts
 * `otherLanguage`) and keeps the visit's source: the URL's tracking query, and the route's own affid and
 * oid when the URL has none (§9 per-path overrides), so the lead and the call number (brand/call-number.ts)
 * stay credited to where the visitor came from. Apart from the registry: a survey's first chunk reads it.
 */
import type { FunnelRoute } from './route-registry';
import { cleanParam } from '../tracking/read-tracking';

export function languageSwitchUrl(
  route: Pick<FunnelRoute, 'otherLanguage' | 'affid' | 'oid'>,
  search: string,
): string | null {
  if (route.otherLanguage === undefined) return null;
  const query = new URLSearchParams(search.replace(/^\?+/, ''));
  query.delete('lang');
  if (!cleanParam(query.get('affid'))) query.set('affid', route.affid);
  if (!cleanParam(query.get('oid'))) query.set('oid', route.oid);
  return `${route.otherLanguage}?${query.toString()}`;
}
