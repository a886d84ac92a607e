/**
 * The body a buyer receives: its field map applied to the stored lead (issue 14: "field mapping").
 * A field the lead does not have is left out rather than sent empty, so a buyer's "required field"
 * check names it.
 */
import type { FieldSource } from './buyer-config';
import type { LeadFields } from './buyer-eligibility';

export type PayloadValue = string | number | boolean;
export type Payload = Record<string, PayloadValue>;

/**
 * What a buyer with no field map receives: contact, place, the answers a law firm screens on, and the
 * consent evidence it needs to call (TCPA text, page, IP, certificates), under our own field names.
 */
export const DEFAULT_BUYER_FIELDS: readonly string[] = [
  'lead_id',
  'received_at',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'zip_code',
  'city',
  'state',
  'county',
  'language',
  'variant',
  'accident_type',
  'incident_date',
  'days_from_incident_date',
  'at_Fault',
  'physical_injury',
  'specific_injury',
  'doctor_treatment',
  'treatment_type',
  'when_seek_medical_treatment',
  'police_report',
  'with_Lawyer',
  'hit_and_run',
  'case_description',
  'date_of_birth',
  'selected_buyers',
  'tcpa',
  'landing_page_url',
  'ip_address',
  'user_agent',
  'trusted_form_cert_id',
  'trustedform_cert_url',
  'leadid_token',
  'sub_id',
  'affid',
  'oid',
];

function leadValue(lead: LeadFields, field: string): PayloadValue | undefined {
  const value = lead[field];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/** What a body may carry besides the lead: the delivery's idempotency key and, in an auction, the bid's id. */
export interface PayloadContext {
  idempotencyKey: string;
  /** Issue 32: the winning bid's id as the buyer gave it ('' outside an auction). */
  bidId: string;
}

function sourceValue(source: FieldSource, lead: LeadFields, context: PayloadContext): PayloadValue | undefined {
  if (typeof source === 'string') return leadValue(lead, source);
  if ('idempotencyKey' in source) return context.idempotencyKey;
  if ('bidId' in source) return context.bidId;
  if ('value' in source) return source.value;
  const value = leadValue(lead, source.field);
  if (typeof value !== 'string' || source.format === undefined) return value;
  return source.format === 'lowercase' ? value.toLowerCase() : value.toUpperCase();
}

/** The buyer's body fields, in the map's order; `fields` absent means DEFAULT_BUYER_FIELDS. */
export function buildPayload(
  fields: Readonly<Record<string, FieldSource>> | undefined,
  lead: LeadFields,
  context: PayloadContext,
): Payload {
  const map: Readonly<Record<string, FieldSource>> =
    fields ?? Object.fromEntries(DEFAULT_BUYER_FIELDS.map((name) => [name, name]));
  const payload: Payload = {};
  for (const [name, source] of Object.entries(map)) {
    const value = sourceValue(source, lead, context);
    if (value !== undefined) payload[name] = value;
  }
  return payload;
}

/** The idempotency key of a lead's delivery to a buyer: the same on every attempt, never shared. */
export function idempotencyKey(leadId: string, buyerKey: string): string {
  return `${leadId}:${buyerKey}`;
}
