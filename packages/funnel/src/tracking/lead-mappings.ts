/**
 * §7 "POST /inbound/get-mappings with affid and oid (numbers); response read for lp_campaign_id,
 * lp_supplier_id, lp_key" (issue 27). The ad URL may carry these ids itself (§3); when it does not, the
 * affid/oid pair's mapping fills them: the page asks the server while the visitor answers, and the server
 * fills them itself when a body lacks them. What the URL gave is never replaced.
 */
import type { Mapping } from '../api/misc-api';
import type { Tracking } from './tracking-fields';

export const MAPPED_TRACKING_FIELDS = ['lp_campaign_id', 'lp_supplier_id', 'lp_key'] as const;

export type MappedTracking = Pick<Tracking, (typeof MAPPED_TRACKING_FIELDS)[number]>;

const NUMERIC_ID = /^\d{1,12}$/;

/** The pair to ask a mapping for, or null when the ids are all there already or the pair is not numeric. */
export function mappingKeyOf(tracking: Pick<Tracking, 'affid' | 'oid'> & MappedTracking): {
  affid: string;
  oid: string;
} | null {
  if (MAPPED_TRACKING_FIELDS.every((field) => tracking[field] !== '')) return null;
  if (!NUMERIC_ID.test(tracking.affid) || !NUMERIC_ID.test(tracking.oid)) return null;
  return { affid: tracking.affid, oid: tracking.oid };
}

/** The tracking fields with each empty mapped id filled from the mapping (the URL's own kept). */
export function withLeadMapping<T extends MappedTracking>(tracking: T, mapping: MappedTracking | null): T {
  if (mapping === null) return tracking;
  const filled: T = Object.assign({}, tracking);
  for (const field of MAPPED_TRACKING_FIELDS) if (filled[field] === '') filled[field] = mapping[field];
  return filled;
}

/** The operator's mapping of an affid/oid pair (§7 get-mappings answers it), or undefined. */
export function findLeadMapping(
  mappings: readonly Mapping[],
  pair: { affid: string; oid: string },
): Mapping | undefined {
  return mappings.find((m) => m.affid === pair.affid && m.oid === pair.oid);
}

/**
 * The server's own reading (issue 27): a lead whose body lacks the lp_* ids gets them from the operator's
 * mapping of its affid and oid, as the page would have, so §5's campaigns that skip the name check apply to
 * traffic identified by affid and oid alone.
 */
export function withServerLeadMapping<T extends MappedTracking & Pick<Tracking, 'affid' | 'oid'>>(
  tracking: T,
  mappings: readonly Mapping[],
): T {
  const pair = mappingKeyOf(tracking);
  return pair === null ? tracking : withLeadMapping(tracking, findLeadMapping(mappings, pair) ?? null);
}
