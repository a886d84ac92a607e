/**
 * The generic JSON ping (issue 32 "Adapters"): a buyer's own ping endpoint, configured field by field. The
 * ping posts the anonymized lead (ping-lead.ts) as JSON, under the buyer's field names when it gives a map;
 * the answer's price, bid id, validity and decline reason are read at the dot paths the buyer names.
 */
import { z } from 'zod';
import { answerField, type BuyerAnswer } from '../delivery/buyer-answer';
import { SecretValueSchema, TargetUrlSchema } from '../delivery/buyer-values';
import { offeredBid, statusDecline, type PingVerdict } from './ping-answer';
import type { PingLead } from './ping-lead';
import { pingBody, PingFieldsSchema } from './ping-body';
import type { PingBuildInput, PingRequestResult } from './ping-request';
import { resolveHeaders } from './ping-headers';

/** Issue 32: a ping's deadline, default 1.5 s; a buyer slower than 10 s is not in an auction. */
export const DEFAULT_PING_DEADLINE_MS = 1_500;
export const PingDeadlineSchema = z.number().int().min(100).max(10_000).default(DEFAULT_PING_DEADLINE_MS);
/** The lowest price this buyer's bid is taken at, in US dollars (issue 32 "Choose": the buyer's floor). */
export const PingFloorSchema = z.number().min(0).max(10_000).default(0);
/** How long a bid holds when the answer does not say: a post within it carries the bid. */
export const DEFAULT_BID_VALID_SECONDS = 60;
/** How long a bid holds, for a buyer whose answer never says (Lead Prosper, boberdoo). */
export const BidValidSecondsSchema = z.number().int().min(1).max(3600).default(DEFAULT_BID_VALID_SECONDS);

export const JsonPingSchema = z
  .object({
    kind: z.literal('json'),
    url: TargetUrlSchema,
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, 'not a header name'), SecretValueSchema).default({}),
    /** Body field → a ping field or a constant; absent: every ping field under its own name. */
    fields: PingFieldsSchema.optional(),
    /** Where the answer holds the price (dollars), the bid id, its validity (seconds) and a decline's reason. */
    answer: z
      .object({
        price: z.string().min(1).default('bid'),
        bidId: z.string().min(1).default('bid_id'),
        validSeconds: z.string().min(1).optional(),
        message: z.string().min(1).optional(),
      })
      .strict()
      .default({ price: 'bid', bidId: 'bid_id' }),
    deadlineMs: PingDeadlineSchema,
    floor: PingFloorSchema,
  })
  .strict();
export type JsonPing = z.infer<typeof JsonPingSchema>;

function body(target: JsonPing, lead: PingLead, auctionId: string): Record<string, string | number> {
  return target.fields === undefined ? { auction_id: auctionId, ...lead } : pingBody(target.fields, lead);
}

export function buildJsonPing(target: JsonPing, input: PingBuildInput): PingRequestResult {
  const headers = resolveHeaders(target.headers, input.secret);
  if (!headers.ok) return headers;
  return {
    ok: true,
    request: {
      url: target.url,
      headers: { ...headers.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body(target, input.lead, input.auctionId)),
      deadlineMs: target.deadlineMs,
    },
  };
}

export function readJsonPing(target: JsonPing, answer: BuyerAnswer): PingVerdict {
  const refused = statusDecline(answer);
  if (refused) return refused;
  if (typeof answer.json !== 'object' || answer.json === null) {
    return { kind: 'declined', reason: 'bad-answer', message: 'not a JSON object' };
  }
  const paths = target.answer;
  const message = (paths.message && answerField(answer.json, paths.message)) ?? '';
  const valid = paths.validSeconds ? Number(answerField(answer.json, paths.validSeconds)) : NaN;
  const seconds = Number.isFinite(valid) && valid > 0 ? Math.min(valid, 3600) : DEFAULT_BID_VALID_SECONDS;
  return offeredBid({
    price: answerField(answer.json, paths.price),
    priceName: paths.price,
    bidRef: answerField(answer.json, paths.bidId),
    bidRefName: paths.bidId,
    validForMs: seconds * 1000,
    message,
  });
}
