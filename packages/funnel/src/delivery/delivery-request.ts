/**
 * The HTTP request that delivers one lead to one buyer, from the buyer's target (pure: the server
 * resolves secrets and sends it through its one outgoing path, providers/vendor-request.ts). Every
 * attempt carries the same `Idempotency-Key` header (the lead id and the buyer), so a buyer that
 * already has the lead can answer as before instead of buying it twice.
 */
import { boberdooCall } from '../auction/boberdoo-ping';
import { BOBERDOO_POST_ANSWER, BOBERDOO_POST_FIELDS } from './boberdoo';
import { LEAD_PROSPER_DIRECT_POST_URL, LEAD_PROSPER_POST_URL, type AnswerRule, type BuyerTarget } from './buyer-config';
import type { SecretValue } from './buyer-values';
import type { LeadFields } from './buyer-eligibility';
import { buildPayload, idempotencyKey, type Payload } from './buyer-payload';
import { LEAD_PROSPER_ANSWER, LEAD_PROSPER_FIELDS } from './lead-prosper';

export interface DeliveryRequest {
  /** Absolute, or a path on this server (the development fake buyer). */
  url: string;
  headers: Record<string, string>;
  body: string;
  answer: AnswerRule;
  timeoutMs: number | undefined;
}

/** A secret's value, or undefined when its environment variable is not set. */
export type SecretResolver = (secret: SecretValue) => string | undefined;

export type DeliveryRequestResult =
  | { ok: true; request: DeliveryRequest }
  /** The target cannot be sent as configured (a secret is missing): retried, so a fix lets it through. */
  | { ok: false; problem: string };

function encode(format: 'json' | 'form', payload: Payload): { contentType: string; body: string } {
  if (format === 'json') return { contentType: 'application/json', body: JSON.stringify(payload) };
  const form = new URLSearchParams(
    Object.entries(payload).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
}

function describe(secret: SecretValue): string {
  return typeof secret === 'string' ? 'a value' : `environment variable ${secret.env}`;
}

export function buildDeliveryRequest(
  target: BuyerTarget,
  input: {
    lead: LeadFields;
    leadId: string;
    buyerKey: string;
    secret: SecretResolver;
    /** Issue 32: the winning bid's id, for a post after an auction. */
    bidId?: string;
  },
): DeliveryRequestResult {
  const key = idempotencyKey(input.leadId, input.buyerKey);
  const headers: Record<string, string> = { 'idempotency-key': key, accept: 'application/json' };
  const context = { idempotencyKey: key, bidId: input.bidId ?? '' };

  if (target.kind === 'http') {
    for (const [name, secret] of Object.entries(target.headers)) {
      const value = input.secret(secret);
      if (value === undefined) return { ok: false, problem: `header ${name}: ${describe(secret)} is not set` };
      headers[name.toLowerCase()] = value;
    }
    const { contentType, body } = encode(target.format, buildPayload(target.fields, input.lead, context));
    headers['content-type'] = contentType;
    return {
      ok: true,
      request: { url: target.url, headers, body, answer: target.answer, timeoutMs: target.timeoutMs },
    };
  }

  if (target.kind === 'boberdoo') {
    const key = input.secret(target.key);
    if (key === undefined) return { ok: false, problem: `Key: ${describe(target.key)} is not set` };
    // Issue 32: the post of a ping carries the ping's lead id; without one, Mode=full pings and posts at once.
    const call = boberdooCall(target, key, 'post');
    const payload: Payload = {
      ...call,
      ...(context.bidId === '' ? { Mode: 'full' } : { Lead_ID: context.bidId }),
      Format: 'XML',
      ...buildPayload({ ...BOBERDOO_POST_FIELDS, ...target.fields }, input.lead, context),
    };
    const { contentType, body } = encode('form', payload);
    headers['content-type'] = contentType;
    headers.accept = 'application/xml, text/xml';
    return {
      ok: true,
      request: { url: target.url, headers, body, answer: BOBERDOO_POST_ANSWER, timeoutMs: target.timeoutMs },
    };
  }

  const lpKey = input.secret(target.key);
  if (lpKey === undefined) return { ok: false, problem: `lp_key: ${describe(target.key)} is not set` };
  const leadAction = input.lead.lp_action;
  const payload: Payload = {
    lp_campaign_id: target.campaignId,
    lp_supplier_id: target.supplierId,
    lp_key: lpKey,
    // §4 re-tagging sets lp_action test on the lead; test mode flags every lead.
    lp_action: target.testMode ? 'test' : typeof leadAction === 'string' ? leadAction : '',
    // Issue 32: the post of a lead Lead Prosper bid on names its ping (lp_ping_id).
    ...(context.bidId === '' ? {} : { lp_ping_id: context.bidId }),
    ...buildPayload({ ...LEAD_PROSPER_FIELDS, ...target.fields }, input.lead, context),
  };
  // The ping's post goes to /post; a campaign written with the direct post's default URL follows it there.
  const url = context.bidId !== '' && target.url === LEAD_PROSPER_DIRECT_POST_URL ? LEAD_PROSPER_POST_URL : target.url;
  const { contentType, body } = encode('json', payload);
  headers['content-type'] = contentType;
  return {
    ok: true,
    request: { url, headers, body, answer: LEAD_PROSPER_ANSWER, timeoutMs: target.timeoutMs },
  };
}
