/**
 * Issue 30: the reasons a lead is routed `not_sent` for want of a buyer rather than by a rule, and what each
 * means in the console's "Leads not sent" list. Such a lead is routed again once the buyers are fixed
 * (the server's reroute-not-sent.ts); `disqualified:…` and `suppressed` never are.
 */
export const NOT_SENT_REASON_TEXT = {
  no_buyers: 'No buyer was configured',
  lead_ingest_offline: 'The lead-ingest service was not configured',
  no_eligible_buyer: 'No buyer took this lead: paused, another state, its criteria or consent',
  no_buyer_available: 'Every buyer that takes it was full or had already bought this contact',
  auction_unsold: 'Sold by auction, but no bid could be posted: every buyer declined, bid under the floor or refused',
} as const;

export type ReroutableReason = keyof typeof NOT_SENT_REASON_TEXT;

export const REROUTABLE_REASONS: readonly string[] = Object.keys(NOT_SENT_REASON_TEXT);

/** The operator's words for a not-sent reason; an unknown code is shown as it is. */
export function notSentReasonText(reason: string): string {
  const known: Record<string, string> = NOT_SENT_REASON_TEXT;
  return known[reason] ?? reason;
}
