/**
 * URL query → tracking fields (spec §3 "Tracking parameters read from the URL", §9 defaults).
 * Pure: takes the query string, returns the fields. docs/spec-decisions.md explains s1 and affid.
 */
import { DEFAULT_AFFID, DEFAULT_OID, DEFAULT_SUB_ID } from '../constants';
import type { Tracking } from './tracking-fields';

/**
 * §3 "Values that look like an unfilled {placeholder} become empty". Ad platforms leave their macros
 * unfilled in three forms: single braces ("{sub1}", Google), double braces ("{{ad.id}}", Meta) and
 * double underscores ("__CID__", TikTok, which the social-video paths serve).
 */
const UNFILLED_PLACEHOLDER = /^(?:\{[^{}]*\}|\{\{[^{}]*\}\}|__[A-Z0-9_]+__)$/;

/** An ad platform that failed to fill a macro leaves it in the URL; that is no value. */
export function cleanParam(value: string | null): string {
  if (value === null) return '';
  const trimmed = value.trim();
  return UNFILLED_PLACEHOLDER.test(trimmed) ? '' : trimmed;
}

/** §7: the query parameter of the click tracker's transaction id (the thank-you URL removes it). */
export const TRANSACTION_ID_PARAM = '_ef_transaction_id';

/**
 * The visit's affid (§3, §9 "Default affid 1, overrides 107, 252, 340"): the URL's, else the route's default
 * (DEFAULT_AFFID on a page without a route). One rule for the lead's tracking and the call number
 * (brand/call-number.ts). A thank-you query may come after a doubled question mark (§2): read the same.
 */
export function visitAffid(search: string, routeAffid: string = DEFAULT_AFFID): string {
  return cleanParam(new URLSearchParams(search.replace(/^\?+/, '')).get('affid')) || routeAffid;
}

export interface TrackingDefaults {
  oid: string;
  affid: string;
}

export function readTracking(
  search: string,
  defaults: TrackingDefaults = { oid: DEFAULT_OID, affid: DEFAULT_AFFID },
): Tracking {
  const params = new URLSearchParams(search);
  const get = (name: string) => cleanParam(params.get(name));
  return {
    sub_id: get('sub1') || get('s1') || DEFAULT_SUB_ID,
    sub_id2: get('sub2'),
    sub_id3: get('sub3'),
    sub_id4: get('sub4'),
    click_id: get('sub5'),
    affid: visitAffid(search, defaults.affid),
    oid: get('oid') || defaults.oid,
    ef_transaction_id: get(TRANSACTION_ID_PARAM),
    lp_key: get('lp_key'),
    lp_campaign_id: get('lp_campaign_id'),
    lp_supplier_id: get('lp_supplier_id'),
    gclid: get('gclid'),
    fbclid: get('fbclid'),
  };
}
