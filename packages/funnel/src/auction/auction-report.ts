/**
 * What the console reads out of the auctions (issue 32 "Console"): the decline reasons in plain words, the
 * periods a report covers, and the figures computed from counted rows (win rate, average bid, ping latency
 * percentiles, revenue per lead and per visitor). The server counts, this module decides, React renders.
 */
import { PING_DECLINES } from './ping-answer';

/** Why a buyer's row of an auction holds no bid: its ping's decline, or why it was not pinged at all. */
export const NOT_PINGED_REASONS = ['cap_reached', 'duplicate'] as const;
export const AUCTION_BID_DECLINES = [...PING_DECLINES, ...NOT_PINGED_REASONS] as const;
export type AuctionBidDecline = (typeof AUCTION_BID_DECLINES)[number];

/** Each decline in the operator's words, keyed by its stored code. */
export const AUCTION_DECLINE_LABELS: Record<AuctionBidDecline, string> = {
  no_bid: 'Answered: no bid',
  timeout: 'No answer before the deadline',
  network: 'Could not be reached',
  'http-status': 'Answered with an error status',
  'bad-answer': 'Answer could not be read',
  config: 'Ping not configured (missing secret)',
  below_floor: 'Bid below the floor',
  cap_reached: 'Not pinged: cap reached',
  duplicate: 'Not pinged: already has this contact',
};

/** A stored decline in plain words; a code this build does not know is shown as it is. */
export function declineLabel(code: string): string {
  const known = AUCTION_BID_DECLINES.find((d) => d === code);
  return known === undefined ? code : AUCTION_DECLINE_LABELS[known];
}

export const AUCTION_STATUS_LABELS = {
  pending: 'Waiting to be pinged',
  pinging: 'Pinging the buyers',
  decided: 'Sold to the best bid(s)',
  unsold: 'Not sold',
} as const;

/** The periods the console's auction and revenue screens cover, ending now. */
export const REPORT_PERIODS = ['today', '7d', '30d'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  today: 'Today (UTC)',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

const DAY_MS = 86_400_000;

/** Where a period starts: today's UTC midnight, or 7 or 30 days before now. */
export function periodStart(period: ReportPeriod, now: Date): Date {
  if (period === 'today') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return new Date(now.getTime() - (period === '7d' ? 7 : 30) * DAY_MS);
}

/** The nearest-rank percentile (0 < p ≤ 100) of numbers; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

/** One buyer's counted auction rows over a period. */
export interface BuyerAuctionCounts {
  /** Pings sent (rows of kind ping, not the buyers skipped before the ping). */
  pinged: number;
  /** Standing bids of a direct-post buyer. */
  standing: number;
  /** Ping answers naming a price (above the floors or not), and their sum in cents. */
  priced: number;
  pricedSumCents: number;
  /** Offers chosen to be posted (a delivery job written for the bid). */
  won: number;
  /** The latency of each ping, in ms. */
  latenciesMs: readonly number[];
}

export interface BuyerAuctionFigures {
  /** won / (pinged + standing); null with no offer. */
  winRate: number | null;
  /** The mean price named by the buyer's ping answers, in cents; null with none. */
  averageBidCents: number | null;
  latencyP50Ms: number | null;
  latencyP90Ms: number | null;
}

export function buyerAuctionFigures(counts: BuyerAuctionCounts): BuyerAuctionFigures {
  const offered = counts.pinged + counts.standing;
  return {
    winRate: offered > 0 ? counts.won / offered : null,
    averageBidCents: counts.priced > 0 ? Math.round(counts.pricedSumCents / counts.priced) : null,
    latencyP50Ms: percentile(counts.latenciesMs, 50),
    latencyP90Ms: percentile(counts.latenciesMs, 90),
  };
}

/** Revenue per lead and per visitor; visitors null where they are not recorded by that dimension (affid). */
export function revenueRates(row: { visitors: number | null; leads: number; revenueCents: number }) {
  return {
    perLeadCents: row.leads > 0 ? Math.round(row.revenueCents / row.leads) : null,
    perVisitorCents: row.visitors !== null && row.visitors > 0 ? Math.round(row.revenueCents / row.visitors) : null,
  };
}
