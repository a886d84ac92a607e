/**
 * The console's auction answers (issue 32 "Console"): one lead's auction on its page, each buyer's auction
 * figures over a period, and revenue per lead and per visitor by a dimension. Shared by the server and the
 * console's screens (as console-api.ts).
 */
import { z } from 'zod';
import { REPORT_PERIODS } from '../auction/auction-report';
import { DELIVERY_STATUSES } from '../delivery/delivery-status';

/** The delivery job that posted a bid: the buyer's answer to the post and the price it was posted at. */
export const BidPostSchema = z.object({
  job_id: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  price_cents: z.number(),
  attempts: z.number(),
  last_status: z.number().nullable(),
  last_answer: z.string(),
  reason: z.string(),
  finished_at: z.string().nullable(),
});

export const AuctionBidSchema = z.object({
  id: z.string(),
  round: z.number(),
  buyer_key: z.string(),
  kind: z.enum(['ping', 'standing']),
  outcome: z.enum(['bid', 'declined']),
  /** A decline's code (AUCTION_BID_DECLINES), '' for a bid; labels in auction-report.ts. */
  decline: z.string(),
  price_cents: z.number(),
  bid_ref: z.string(),
  expires_at: z.string().nullable(),
  latency_ms: z.number(),
  http_status: z.number().nullable(),
  message: z.string(),
  /** The post of this bid, when it was chosen; null for a bid never posted. */
  post: BidPostSchema.nullable(),
});
export type AuctionBid = z.infer<typeof AuctionBidSchema>;

/** GET /api/console/leads/:id `auction`: null for a lead not offered in an auction. */
export const LeadAuctionSchema = z.object({
  status: z.enum(['pending', 'pinging', 'decided', 'unsold']),
  /** Rounds pinged (a worker that died leaves its round to the next). */
  round: z.number(),
  /** How many buyers the routing rule wanted (1: exclusive). */
  wanted: z.number(),
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  bids: z.array(AuctionBidSchema),
  /** The buyers that bought the lead (accepted posts), and the sum they paid, in cents. */
  winners: z.array(z.string()),
  paid_cents: z.number(),
});
export type LeadAuction = z.infer<typeof LeadAuctionSchema>;

export const ReportPeriodQuerySchema = z.object({ period: z.enum(REPORT_PERIODS).default('7d') });

/** GET /api/console/auction/buyers?period=: each buyer's auction figures over the period. */
export const BuyerAuctionRowSchema = z.object({
  buyer_key: z.string(),
  pinged: z.number(),
  standing: z.number(),
  bids: z.number(),
  won: z.number(),
  winRate: z.number().nullable(),
  averageBidCents: z.number().nullable(),
  /** Declines by code (AUCTION_BID_DECLINES). */
  declines: z.record(z.string(), z.number()),
  /** Posts of this buyer's winning bids that ended refused, duplicate or dead. */
  postRefusals: z.number(),
  /** Of those posts, accepted, and the sum paid, in cents. */
  bought: z.number(),
  paidCents: z.number(),
  latencyP50Ms: z.number().nullable(),
  latencyP90Ms: z.number().nullable(),
});
export const BuyerAuctionReportSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  since: z.string(),
  buyers: z.array(BuyerAuctionRowSchema),
});
export type BuyerAuctionReport = z.infer<typeof BuyerAuctionReportSchema>;

export const REVENUE_DIMENSIONS = ['variant', 'brand', 'language', 'affid', 'day'] as const;
export type RevenueDimension = (typeof REVENUE_DIMENSIONS)[number];
export const REVENUE_DIMENSION_LABELS: Record<RevenueDimension, string> = {
  variant: 'Variant',
  brand: 'Brand',
  language: 'Language',
  affid: 'Affiliate (affid)',
  day: 'Day (UTC)',
};

export const RevenueQuerySchema = ReportPeriodQuerySchema.extend({
  by: z.enum(REVENUE_DIMENSIONS).default('variant'),
});

export const RevenueRowSchema = z.object({
  /** The dimension's value ('' when the lead or visitor had none). */
  key: z.string(),
  /** Sessions started in the period; null by affid (a visitor's steps do not record it). */
  visitors: z.number().nullable(),
  leads: z.number(),
  /** Leads at least one buyer accepted. */
  sold: z.number(),
  /** The sum of the accepted posts' prices: the price actually paid, in cents. */
  revenueCents: z.number(),
  perLeadCents: z.number().nullable(),
  perVisitorCents: z.number().nullable(),
});
/** GET /api/console/revenue?period=&by=: revenue of the leads received in the period, by a dimension. */
export const RevenueReportSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  since: z.string(),
  by: z.enum(REVENUE_DIMENSIONS),
  rows: z.array(RevenueRowSchema),
  total: RevenueRowSchema,
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;
