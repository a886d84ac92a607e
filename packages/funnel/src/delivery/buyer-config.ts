/**
 * A law-firm buyer as the operator configures it (issue 14 "Buyers"): who it is, which leads it takes,
 * how many, at what price, and where and how a lead is delivered to it. One schema, used by the buyers
 * file read at start and by every later edit (the console), so both refuse the same mistakes with the
 * same messages. Pure data: the server stores it, the domain's rules read it.
 */
import { z } from 'zod';
import { US_STATE_CODES } from '../lead/survey-answers';
import { LanguageSchema } from '../lead/lead-submission';
import { LeadSchema } from '../lead/lead-record';
import { BuyerIdSchema } from '../rules/consent-buyers';
import { PingTargetSchema } from '../auction/ping-request';
import { BoberdooAccountSchema } from '../auction/boberdoo-ping';
import { SecretValueSchema, TargetUrlSchema } from './buyer-values';
import { BuyerKeySchema } from './buyer-key';

/** Every field a stored lead has: a field map or a criterion naming anything else is a typo. */
export const LEAD_FIELD_NAMES: readonly string[] = [...LeadSchema.keyof().options, 'lead_id'];

const LeadFieldName = z.string().refine((name) => LEAD_FIELD_NAMES.includes(name), {
  error: (issue) => `${String(issue.input)} is not a lead field`,
});

/**
 * One field of the body sent to a buyer: a lead field (`"phone"`, or `{field: "physical_injury",
 * format: "lowercase"}` when the buyer wants `yes` where the lead says `Yes`), a constant
 * (`{value: "MVA"}`), or the delivery's idempotency key (`{idempotencyKey: true}`).
 */
export const FieldSourceSchema = z.union([
  LeadFieldName,
  z.object({ field: LeadFieldName, format: z.enum(['lowercase', 'uppercase']).optional() }).strict(),
  z.object({ value: z.union([z.string(), z.number(), z.boolean()]) }).strict(),
  z.object({ idempotencyKey: z.literal(true) }).strict(),
  /** Issue 32: the winning bid's id, as the buyer gave it at the ping ('' outside an auction). */
  z.object({ bidId: z.literal(true) }).strict(),
]);
export type FieldSource = z.infer<typeof FieldSourceSchema>;

/** Where a JSON or XML answer holds its status word, and which words mean what. */
const StatusFieldRule = {
  field: z.string().min(1),
  accepted: z.array(z.string().min(1)).min(1),
  duplicate: z.array(z.string().min(1)).default([]),
  rejected: z.array(z.string().min(1)).default([]),
  /** Where the buyer explains a refusal, kept with the attempt. */
  messageField: z.string().min(1).optional(),
};

/**
 * How to read the buyer's answer. `http-status`: 2xx accepted, 409 duplicate, other 4xx rejected.
 * `json-field`: a field of the JSON answer (dot path) holds a status word, as Lead Prosper's
 * `{status: ACCEPTED|DUPLICATED|ERROR}`. `xml-field` (issue 32): the same in an XML answer, the path
 * naming elements, as boberdoo's `<response><status>Matched</status></response>`. In all, 408, 429,
 * 5xx, time-outs and unreadable answers are failures that are retried (buyer-answer.ts).
 */
export const AnswerRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('http-status') }).strict(),
  z.object({ kind: z.literal('json-field'), ...StatusFieldRule }).strict(),
  z.object({ kind: z.literal('xml-field'), ...StatusFieldRule }).strict(),
]);
export type AnswerRule = z.infer<typeof AnswerRuleSchema>;

/** Issue 31: this buyer's attempt time-out, longer than its usual latency; absent: DELIVERY_TIMEOUT_MS. */
const TimeoutSchema = z
  .number({ error: 'the time-out is a number of milliseconds' })
  .int('the time-out is a whole number of milliseconds')
  .min(100, 'the time-out is at least 100 ms')
  .max(60_000, 'the time-out is at most 60,000 ms (a minute)')
  .optional();

/** A cap: how many leads a period takes. */
const CapSchema = z
  .number({ error: 'a cap is a number of leads' })
  .int('a cap is a whole number of leads')
  .min(0, 'a cap cannot be negative')
  .optional();

/** A buyer's own HTTP endpoint. */
export const HttpTargetSchema = z
  .object({
    kind: z.literal('http'),
    url: TargetUrlSchema,
    format: z.enum(['json', 'form']).default('json'),
    /** Body field name → where its value comes from; absent: DEFAULT_BUYER_FIELDS (buyer-payload.ts). */
    fields: z.record(z.string().min(1), FieldSourceSchema).optional(),
    headers: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, 'not a header name'), SecretValueSchema).default({}),
    answer: AnswerRuleSchema.default({ kind: 'http-status' }),
    timeoutMs: TimeoutSchema,
  })
  .strict();

export const LEAD_PROSPER_DIRECT_POST_URL = 'https://api.leadprosper.io/direct_post';
/** Issue 32: the post of a lead pinged first; a bid's id sends it here instead of the direct post. */
export const LEAD_PROSPER_POST_URL = 'https://api.leadprosper.io/post';

/**
 * A Lead Prosper campaign's direct post (lead-prosper.ts): its campaign, supplier and key, the lead in
 * Lead Prosper's field names, and its `{status: ACCEPTED|DUPLICATED|ERROR}` answer.
 */
export const LeadProsperTargetSchema = z
  .object({
    kind: z.literal('leadprosper'),
    url: TargetUrlSchema.default(LEAD_PROSPER_DIRECT_POST_URL),
    campaignId: z.string().regex(/^\d+$/, 'campaignId is a number'),
    supplierId: z.string().regex(/^\d+$/, 'supplierId is a number'),
    key: SecretValueSchema,
    /** lp_action=test: Lead Prosper flags the lead as a test. */
    testMode: z.boolean().default(false),
    /** Campaign fields beyond the standard ones. */
    fields: z.record(z.string().min(1), FieldSourceSchema).default({}),
    timeoutMs: TimeoutSchema,
  })
  .strict();

/**
 * Issue 32: a boberdoo-style buyer's post (boberdoo.ts): its pingPostLead URL, key, source and lead type,
 * the lead in its lead type's field names, and its XML `<status>Matched|Unmatched|Error</status>` answer.
 */
export const BoberdooTargetSchema = z
  .object({
    kind: z.literal('boberdoo'),
    url: TargetUrlSchema,
    ...BoberdooAccountSchema,
    /** Lead type fields beyond (or instead of) BOBERDOO_POST_FIELDS. */
    fields: z.record(z.string().min(1), FieldSourceSchema).default({}),
    timeoutMs: TimeoutSchema,
  })
  .strict();

export const BuyerTargetSchema = z.discriminatedUnion('kind', [
  HttpTargetSchema,
  LeadProsperTargetSchema,
  BoberdooTargetSchema,
]);
export type BuyerTarget = z.infer<typeof BuyerTargetSchema>;

/**
 * What a buyer takes (issue 14: injured, not at fault, accident within N days, no lawyer, language…).
 * Each criterion set must hold; a lead that lacks the field a criterion reads is refused (fail closed).
 */
export const BuyerCriteriaSchema = z
  .object({
    /** physical_injury is Yes. */
    injured: z.literal(true).optional(),
    /** at_Fault is no. */
    notAtFault: z.literal(true).optional(),
    /** with_Lawyer is no. */
    noLawyer: z.literal(true).optional(),
    /** doctor_treatment is Yes. */
    treated: z.literal(true).optional(),
    /** days_from_incident_date is at most this. */
    maxAccidentAgeDays: z
      .number({ error: 'the accident age is a number of days' })
      .int('the accident age is a whole number of days')
      .min(0, 'the accident age cannot be negative')
      .max(36_500, 'the accident age is at most 36,500 days')
      .optional(),
    languages: z.array(LanguageSchema).min(1, 'pick at least one language, or leave languages out').optional(),
    /** Funnel variants (flow ids) the buyer takes. */
    variants: z.array(z.string().min(1)).min(1, 'name at least one variant, or leave variants out').optional(),
    /** Any other field: its value (as text) must be one of these. */
    fields: z.array(z.object({ field: LeadFieldName, in: z.array(z.string()).min(1) }).strict()).optional(),
  })
  .strict();
export type BuyerCriteria = z.infer<typeof BuyerCriteriaSchema>;

/**
 * Time zones already judged: the buyers' configs are parsed again each time the server reads the buyers (every
 * second under load), and building an Intl.DateTimeFormat to judge one costs far more than the rest of a
 * config's parse (issue 32's CPU profile). Bounded: a config is an operator's, but the cache never grows past it.
 */
const judgedZones = new Map<string, boolean>();
const MAX_JUDGED_ZONES = 500;

function isTimeZone(zone: string): boolean {
  const known = judgedZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  if (judgedZones.size < MAX_JUDGED_ZONES) judgedZones.set(zone, valid);
  return valid;
}

/** Issue 31: what makes a second post of one lead harmless at a buyer (BuyerConfig `dedupe`). */
export const BUYER_DEDUPE_MODES = ['none', 'idempotency-key', 'lead'] as const;
export type BuyerDedupe = (typeof BUYER_DEDUPE_MODES)[number];

/** Caps count in the buyer's own day and month; US buyers mostly count on Eastern time. */
export const DEFAULT_BUYER_TIME_ZONE = 'America/New_York';

export const BuyerConfigSchema = z
  .object({
    key: BuyerKeySchema,
    name: z.string().trim().min(1, 'the name is required').max(200, 'the name is at most 200 characters'),
    /** §3 "Buyer: name and list of ids": the ids the one-to-one consent names (§9 8674, 40747, 40745). */
    ids: z.array(BuyerIdSchema).min(1, 'give at least one buyer id (the one-to-one consent names it)'),
    active: z.boolean().default(true),
    /** What the buyer pays per accepted lead, in US dollars; the exclusive rule picks the highest. */
    price: z
      .number({ error: 'the price is a number of US dollars' })
      .min(0, 'the price cannot be negative')
      .max(100_000, 'the price is at most 100,000 dollars'),
    /** Breaks a price tie: higher first. */
    priority: z.number({ error: 'the priority is a whole number' }).int('the priority is a whole number').default(0),
    /** States served; absent: all. */
    states: z
      .array(z.enum(US_STATE_CODES, { error: (issue) => `${String(issue.input)} is not a US state code` }))
      .min(1, 'name at least one state, or leave states out for all')
      .optional(),
    criteria: BuyerCriteriaSchema.default({}),
    caps: z.object({ daily: CapSchema, monthly: CapSchema }).strict().default({}),
    timeZone: z.string().refine(isTimeZone, 'timeZone is not an IANA time zone').default(DEFAULT_BUYER_TIME_ZONE),
    /**
     * Issue 31: what makes a second post of one lead harmless at this buyer. `idempotency-key`: it answers a
     * repeated Idempotency-Key as it answered the first; `lead`: it refuses a lead it already has (by our
     * lead id or its contact) without buying it again; `none` (the default, the safe guess for most lead
     * buyers): a second post may be a second sale, so an attempt whose outcome is unknown is never sent again
     * on its own (delivery/outcome-unknown.ts).
     */
    dedupe: z.enum(BUYER_DEDUPE_MODES).default('none'),
    /** A lead whose phone or email this buyer received within these days is not sent again; absent: the default. */
    duplicateWindowDays: z
      .number({ error: 'the duplicate window is a number of days' })
      .int('the duplicate window is a whole number of days')
      .min(0, 'the duplicate window cannot be negative')
      .max(3650, 'the duplicate window is at most 3,650 days')
      .optional(),
    /** Where a lead is posted: the winner's post in an auction, or the direct post at `price`. */
    target: BuyerTargetSchema,
    /**
     * Issue 32: a ping-post buyer: a lead is first offered to it anonymized and it bids (auction/). Absent:
     * a direct-post buyer, whose `price` is a standing bid in every auction.
     */
    ping: PingTargetSchema.optional(),
  })
  .strict();

export type BuyerConfig = z.infer<typeof BuyerConfigSchema>;
/** What an operator writes (defaults may be left out). */
export type BuyerConfigInput = z.input<typeof BuyerConfigSchema>;

/** The buyers file: a list of buyers, keys unique. */
export const BuyersFileSchema = z.array(BuyerConfigSchema).superRefine((buyers, ctx) => {
  const seen = new Set<string>();
  buyers.forEach((buyer, index) => {
    if (seen.has(buyer.key)) {
      ctx.addIssue({ code: 'custom', path: [index, 'key'], message: `buyer key ${buyer.key} is used twice` });
    }
    seen.add(buyer.key);
  });
});
