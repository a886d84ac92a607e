/**
 * A boberdoo-style ping (issue 32 "Adapters"): a buyer whose lead system is boberdoo (or speaks its API).
 * Its `pingPostLead` function takes form fields on one URL: `Key` (the seller's API key), `API_Action`
 * pingPostLead, `Mode` ping (then post), `TYPE` (the lead type's number), `SRC` (our source name),
 * `Format` XML (the default) or JSON, `Test_Lead` 1 for a test, then the lead type's own fields. The ping
 * answers `<response><status>Matched</status><lead_id>…</lead_id><price>6.66</price></response>`;
 * `Unmatched` when no buyer wants the lead, `Error` with an `<error>` when the ping was refused. The post
 * sends the full lead with Mode post and the ping's `lead_id` as `Lead_ID` (delivery-request.ts).
 * docs/ping-post-buyers.md says what was read where and what could not be checked.
 */
import { z } from 'zod';
import { answerField, type BuyerAnswer } from '../delivery/buyer-answer';
import { SecretValueSchema, TargetUrlSchema } from '../delivery/buyer-values';
import { xmlField } from '../delivery/xml-field';
import { offeredBid, statusDecline, type PingVerdict } from './ping-answer';
import { pingBody, PingFieldsSchema, type PingFields } from './ping-body';
import { BidValidSecondsSchema, PingDeadlineSchema, PingFloorSchema } from './json-ping';
import type { PingBuildInput, PingRequestResult } from './ping-request';

export const BOBERDOO_API_ACTION = 'pingPostLead';

/** boberdoo's lead type (`TYPE`), our source (`SRC`) and the seller's key, shared by the ping and the post. */
export const BoberdooAccountSchema = {
  key: SecretValueSchema,
  src: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'src is a boberdoo source name'),
  leadType: z.string().regex(/^\d+$/, 'leadType is the TYPE number'),
  /** Test_Lead=1: boberdoo treats the lead as a test. */
  testMode: z.boolean().default(false),
};

/** The anonymized lead under boberdoo-style names; a lead type's own names go in `fields`. */
export const BOBERDOO_PING_FIELDS: PingFields = {
  State: 'state',
  Zip_Prefix: 'zip_prefix',
  Accident_Month: 'accident_month',
  Accident_Year: 'accident_year',
  Injured: 'injured',
  Medical_Treatment: 'treated',
  At_Fault: 'at_fault',
  Has_Attorney: 'has_lawyer',
  Police_Report: 'police_report',
  Language: 'language',
  Sub_ID: 'sub_affiliate',
  Consent_Type: 'consent_type',
};

export const BoberdooPingSchema = z
  .object({
    kind: z.literal('boberdoo'),
    url: TargetUrlSchema,
    ...BoberdooAccountSchema,
    /** The answer's format; XML is boberdoo's default. */
    format: z.enum(['xml', 'json']).default('xml'),
    fields: PingFieldsSchema.default({}),
    deadlineMs: PingDeadlineSchema,
    floor: PingFloorSchema,
    bidValidSeconds: BidValidSecondsSchema,
  })
  .strict();
export type BoberdooPing = z.infer<typeof BoberdooPingSchema>;

/** The fields that open every pingPostLead call, ping or post. */
export function boberdooCall(
  account: { src: string; leadType: string; testMode: boolean },
  key: string,
  mode: 'ping' | 'post',
): Record<string, string> {
  return {
    Key: key,
    API_Action: BOBERDOO_API_ACTION,
    Mode: mode,
    TYPE: account.leadType,
    SRC: account.src,
    ...(account.testMode ? { Test_Lead: '1' } : {}),
  };
}

export function buildBoberdooPing(target: BoberdooPing, input: PingBuildInput): PingRequestResult {
  const key = input.secret(target.key);
  if (key === undefined) {
    return { ok: false, problem: `Key: ${typeof target.key === 'string' ? 'a value' : target.key.env} is not set` };
  }
  const fields = pingBody({ ...BOBERDOO_PING_FIELDS, ...target.fields }, input.lead);
  const body = new URLSearchParams({
    ...boberdooCall(target, key, 'ping'),
    Format: target.format.toUpperCase(),
    ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])),
  });
  return {
    ok: true,
    request: {
      url: target.url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: target.format === 'xml' ? 'application/xml, text/xml' : 'application/json',
      },
      body: body.toString(),
      deadlineMs: target.deadlineMs,
    },
  };
}

/** A field of the answer's `response`: an XML element, or in JSON under `response` or at the top. */
function responseField(target: BoberdooPing, answer: BuyerAnswer, name: string): string | undefined {
  if (target.format === 'xml') return xmlField(answer.text, `response.${name}`);
  return answerField(answer.json, `response.${name}`) ?? answerField(answer.json, name);
}

export function readBoberdooPing(target: BoberdooPing, answer: BuyerAnswer): PingVerdict {
  const refused = statusDecline(answer);
  if (refused) return refused;
  const field = (name: string) => responseField(target, answer, name);
  const status = field('status')?.toLowerCase();
  if (status === undefined) {
    return {
      kind: 'declined',
      reason: 'bad-answer',
      message: `no status in the ${target.format.toUpperCase()} answer`,
    };
  }
  if (status === 'unmatched' || status === 'error') {
    const why = field('error') ?? field('reason') ?? '';
    return {
      kind: 'declined',
      reason: 'no_bid',
      message: [status === 'error' ? 'Error' : 'Unmatched', why].filter(Boolean).join(': '),
    };
  }
  if (status !== 'matched') return { kind: 'declined', reason: 'bad-answer', message: `status ${status}` };
  const price = field('price');
  if (price === undefined) return { kind: 'declined', reason: 'bad-answer', message: 'Matched with no price' };
  return offeredBid({
    price,
    priceName: 'price',
    bidRef: field('lead_id'),
    bidRefName: 'lead_id',
    validForMs: target.bidValidSeconds * 1000,
    message: '',
  });
}
