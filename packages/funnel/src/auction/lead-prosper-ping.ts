/**
 * Lead Prosper's ping (issue 32 "Adapters"): a buyer running a Lead Prosper Ping Post Exchange campaign.
 * Its supplier specs name the same authentication as the direct post (lead-prosper.ts): `lp_campaign_id`,
 * `lp_supplier_id`, `lp_key`, `lp_action` ("test"), then the campaign's fields; the ping goes to
 * https://api.leadprosper.io/ping, and the post of the full lead to https://api.leadprosper.io/post with
 * the ping's `ping_id` as `lp_ping_id` (delivery-request.ts). The ping answers JSON:
 * `{status: "ACCEPTED", ping_id, price}` for a bid (some campaigns name the price `payout`, a shared
 * campaign lists `bids: [{bid_id, payout}]`), `{status: "ERROR", code, message}` when no buyer wants it.
 * docs/ping-post-buyers.md says what was read where and what could not be checked against a live campaign.
 */
import { z } from 'zod';
import { answerField, type BuyerAnswer } from '../delivery/buyer-answer';
import { SecretValueSchema, TargetUrlSchema } from '../delivery/buyer-values';
import { offeredBid, statusDecline, type PingVerdict } from './ping-answer';
import { pingBody, PingFieldsSchema, type PingFields } from './ping-body';
import { BidValidSecondsSchema, PingDeadlineSchema, PingFloorSchema } from './json-ping';
import type { PingBuildInput, PingRequestResult } from './ping-request';

export const LEAD_PROSPER_PING_URL = 'https://api.leadprosper.io/ping';

/**
 * The anonymized lead under the names of Lead Prosper's personal-injury specs (yes/no in lower case, as
 * the direct post sends them). `zip_prefix` and the accident's month and year stand for `zip_code` and
 * `incident_date`, which a ping never carries: the campaign must define them as ping fields.
 */
export const LEAD_PROSPER_PING_FIELDS: PingFields = {
  lp_subid1: 'sub_affiliate',
  state: 'state',
  zip_prefix: 'zip_prefix',
  incident_month: 'accident_month',
  incident_year: 'accident_year',
  physical_injury: { field: 'injured', format: 'lowercase' },
  doctor_treatment: { field: 'treated', format: 'lowercase' },
  at_fault: { field: 'at_fault', format: 'lowercase' },
  currently_represented: { field: 'has_lawyer', format: 'lowercase' },
  police_report: { field: 'police_report', format: 'lowercase' },
  language: 'language',
  consent_type: 'consent_type',
};

/** Where a bid's price may be, in this order (exclusive campaigns: price or payout; shared: the first bid). */
const PRICE_PATHS = ['price', 'payout', 'bids.0.payout'] as const;

export const LeadProsperPingSchema = z
  .object({
    kind: z.literal('leadprosper'),
    url: TargetUrlSchema.default(LEAD_PROSPER_PING_URL),
    campaignId: z.string().regex(/^\d+$/, 'campaignId is a number'),
    supplierId: z.string().regex(/^\d+$/, 'supplierId is a number'),
    key: SecretValueSchema,
    /** lp_action=test: Lead Prosper flags the ping as a test. */
    testMode: z.boolean().default(false),
    /** Campaign ping fields beyond (or instead of) LEAD_PROSPER_PING_FIELDS, from the ping fields only. */
    fields: PingFieldsSchema.default({}),
    deadlineMs: PingDeadlineSchema,
    floor: PingFloorSchema,
    bidValidSeconds: BidValidSecondsSchema,
  })
  .strict();
export type LeadProsperPing = z.infer<typeof LeadProsperPingSchema>;

export function buildLeadProsperPing(target: LeadProsperPing, input: PingBuildInput): PingRequestResult {
  const key = input.secret(target.key);
  if (key === undefined) {
    return { ok: false, problem: `lp_key: ${typeof target.key === 'string' ? 'a value' : target.key.env} is not set` };
  }
  const body = {
    lp_campaign_id: target.campaignId,
    lp_supplier_id: target.supplierId,
    lp_key: key,
    lp_action: target.testMode ? 'test' : '',
    ...pingBody({ ...LEAD_PROSPER_PING_FIELDS, ...target.fields }, input.lead),
  };
  return {
    ok: true,
    request: {
      url: target.url,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      deadlineMs: target.deadlineMs,
    },
  };
}

export function readLeadProsperPing(target: LeadProsperPing, answer: BuyerAnswer): PingVerdict {
  const refused = statusDecline(answer);
  if (refused) return refused;
  if (typeof answer.json !== 'object' || answer.json === null) {
    return { kind: 'declined', reason: 'bad-answer', message: 'not a JSON object' };
  }
  const status = answerField(answer.json, 'status')?.trim().toUpperCase();
  const message = answerField(answer.json, 'message') ?? '';
  if (status === undefined) return { kind: 'declined', reason: 'bad-answer', message: 'no status' };
  if (status !== 'ACCEPTED') {
    const code = answerField(answer.json, 'code');
    return { kind: 'declined', reason: 'no_bid', message: [status, code, message].filter(Boolean).join(' ') };
  }
  const pricePath = PRICE_PATHS.find((path) => answerField(answer.json, path) !== undefined);
  if (pricePath === undefined) return { kind: 'declined', reason: 'bad-answer', message: 'ACCEPTED with no price' };
  return offeredBid({
    price: answerField(answer.json, pricePath),
    priceName: pricePath,
    bidRef: answerField(answer.json, 'ping_id'),
    bidRefName: 'ping_id',
    validForMs: target.bidValidSeconds * 1000,
    message,
  });
}
