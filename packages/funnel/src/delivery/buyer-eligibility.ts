/**
 * Which buyers may receive a lead, and why the others may not (issue 14 "Buyers" and "Delivery"). Pure:
 * the server hands in the lead and the buyers; caps and duplicates, which need the database, are
 * checked by the server on the ranked candidates this returns.
 */
import { parseBuyerIds } from '../rules/consent-buyers';
import { TrackingSchema } from '../tracking/tracking-fields';
import type { BuyerConfig, BuyerCriteria } from './buyer-config';

/** A lead as delivery reads it: any stored lead's fields by name. */
export type LeadFields = Readonly<Record<string, unknown>>;

/** Why a buyer does not get a lead; stored with the lead's routing decision. */
export type BuyerRefusal =
  | 'inactive'
  | 'state'
  | 'not_consented'
  | `criteria:${keyof BuyerCriteria}`
  | `criteria:fields:${string}`
  | 'cap_reached'
  | 'duplicate';

/**
 * `full`: a stored lead; a criterion whose field is missing refuses (fail closed). `partial`: the
 * fields a page knows so far (§7 /buyers/get-available at the ZipCode step); a missing answer refuses
 * nothing, since the visitor has not been asked yet, but a missing tracking field refuses as in `full`:
 * the page knows those from its landing URL (§3 "Tracking") and sends them, so a firm whose criteria
 * need a sub_id the visit does not carry is never offered for consent (it could never receive the lead).
 */
export type EligibilityMode = 'full' | 'partial';

/** The lead's fields a page knows from its first load (§3 "Tracking"): never "not asked yet". */
const KNOWN_FROM_LANDING: ReadonlySet<string> = new Set(Object.keys(TrackingSchema.shape));

function text(lead: LeadFields, field: string): string | undefined {
  const value = lead[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

/** The first criterion the lead fails, or null. */
function criteriaRefusal(lead: LeadFields, criteria: BuyerCriteria, mode: EligibilityMode): BuyerRefusal | null {
  const holds = (field: string, test: (value: string) => boolean): boolean => {
    const value = text(lead, field);
    if (value === undefined || value === '') return mode === 'partial' && !KNOWN_FROM_LANDING.has(field);
    return test(value);
  };
  if (criteria.injured && !holds('physical_injury', (v) => v === 'Yes')) return 'criteria:injured';
  if (criteria.notAtFault && !holds('at_Fault', (v) => v === 'no')) return 'criteria:notAtFault';
  if (criteria.noLawyer && !holds('with_Lawyer', (v) => v === 'no')) return 'criteria:noLawyer';
  if (criteria.treated && !holds('doctor_treatment', (v) => v === 'Yes')) return 'criteria:treated';
  const maxDays = criteria.maxAccidentAgeDays;
  if (maxDays !== undefined && !holds('days_from_incident_date', (v) => Number(v) <= maxDays)) {
    return 'criteria:maxAccidentAgeDays';
  }
  const languages: readonly string[] | undefined = criteria.languages;
  if (languages && !holds('language', (v) => languages.includes(v))) return 'criteria:languages';
  const variants = criteria.variants;
  if (variants && !holds('variant', (v) => variants.includes(v))) return 'criteria:variants';
  for (const rule of criteria.fields ?? []) {
    if (!holds(rule.field, (v) => rule.in.includes(v))) return `criteria:fields:${rule.field}`;
  }
  return null;
}

/**
 * The buyers a lead's one-to-one consent names (§3 selected_buyers, §4 "Consent variant"), or null when
 * the lead was not consented buyer by buyer (every other variant: the consent text covers our partners).
 */
export function consentedBuyerIds(lead: LeadFields): ReadonlySet<string> | null {
  if (lead['1_to_1_consent'] !== 'yes') return null;
  return new Set(parseBuyerIds(text(lead, 'selected_buyers')));
}

/** Why this buyer may not have this lead, or null when it may (before caps and duplicates). */
export function buyerRefusal(
  lead: LeadFields,
  buyer: BuyerConfig,
  mode: EligibilityMode = 'full',
): BuyerRefusal | null {
  if (!buyer.active) return 'inactive';
  if (buyer.states) {
    const state: readonly string[] = buyer.states;
    const leadState = text(lead, 'state') ?? '';
    if (!state.includes(leadState)) return 'state';
  }
  if (mode === 'full') {
    const consented = consentedBuyerIds(lead);
    if (consented !== null && !buyer.ids.some((id) => consented.has(id))) return 'not_consented';
  }
  return criteriaRefusal(lead, buyer.criteria, mode);
}
