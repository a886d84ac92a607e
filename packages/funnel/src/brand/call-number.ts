/**
 * One call number per visit (spec §3 "Phone number state: call-tracking number and its formatted form;
 * default is a toll-free US number"; issue 28): every page of a visit — landing, survey, thank-you —
 * shows the number this rule gives, on the server's render and in the browser alike. The call-tracking
 * script's number wins once it gave one (§3); else the number the brand configures for the visit's affid
 * (the URL's, else the route's default: read-tracking.ts `visitAffid`); else the brand's default number.
 * Kept apart from brands.ts, so a page that reads it carries no brand configuration.
 */
import { visitAffid } from '../tracking/read-tracking';
import type { BrandConfig } from './brand-config';

export type CallNumberBrand = Pick<BrandConfig, 'phone' | 'phoneByAffid'>;

/** The affiliate's tracked number when the brand configures one (issue 12), else the brand's default. */
export function phoneForAffid(brand: CallNumberBrand, affid: string | null): string {
  return affid !== null && Object.hasOwn(brand.phoneByAffid, affid)
    ? (brand.phoneByAffid[affid] ?? brand.phone)
    : brand.phone;
}

export interface CallNumberVisit {
  /** The page's query as the visitor arrived ("?…", or "??…" on a thank-you page). */
  search: string;
  /** A survey route's default affid (route-registry.ts); pages without a route use DEFAULT_AFFID. */
  routeAffid?: string;
  /** The call-tracking script's number (ten digits, tracking/page-tags.ts), once it gave one. */
  tracked?: string | null;
}

/** The visit's call number (ten digits). */
export function callNumberFor(brand: CallNumberBrand, visit: CallNumberVisit): string {
  if (visit.tracked) return visit.tracked;
  return phoneForAffid(brand, visitAffid(visit.search, visit.routeAffid));
}
