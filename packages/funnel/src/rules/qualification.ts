/**
 * Qualification and disqualification (spec §4 "Qualification and disqualification", §5).
 * Each rule is data: an id, the test, and the dq_reason it reports ("field|value", the spec's own
 * shape: is_gibberish|yes, date|accident_limit_exceeded). A flow lists the rules it applies, in
 * order; the first that holds is the reported reason.
 */
import { QUALIFICATION_WINDOW_DAYS } from '../constants';

export interface VerdictInput {
  in_motor_vehicle_accident?: string | undefined;
  with_Lawyer?: string | undefined;
  lawyer_redirect_reason?: string | undefined;
  accident_limit_exceeded?: 0 | 1 | undefined;
  days_from_incident_date?: number | undefined;
  is_gibberish?: 'yes' | 'no' | undefined;
  enough_words?: 'yes' | 'no' | undefined;
  physical_injury?: string | undefined;
  at_Fault?: string | undefined;
  doctor_treatment?: string | undefined;
  name_gibberish?: 'yes' | 'no' | undefined;
  age_group?: string | undefined;
  is_us_citizen?: string | undefined;
  secured_benefits?: string | undefined;
}

interface Rule {
  holds: (lead: VerdictInput) => boolean;
  reason: (lead: VerdictInput) => string;
}

export const QUALIFICATION_RULES = {
  no_accident: {
    holds: (l) => l.in_motor_vehicle_accident === 'no',
    reason: () => 'in_motor_vehicle_accident|no',
  },
  lawyer: {
    holds: (l) => l.with_Lawyer === 'yes',
    reason: (l) => l.lawyer_redirect_reason || 'have_attorney|yes',
  },
  gibberish: { holds: (l) => l.is_gibberish === 'yes', reason: () => 'is_gibberish|yes' },
  state_limit: {
    holds: (l) => l.accident_limit_exceeded === 1,
    reason: () => 'date|accident_limit_exceeded',
  },
  window_730: {
    holds: (l) => l.days_from_incident_date !== undefined && l.days_from_incident_date > QUALIFICATION_WINDOW_DAYS,
    reason: () => 'date|over_730_days',
  },
  enough_words: { holds: (l) => l.enough_words === 'no', reason: () => 'enough_words|no' },
  not_injured: { holds: (l) => l.physical_injury === 'No', reason: () => 'physical_injury|no' },
  at_fault: { holds: (l) => l.at_Fault === 'yes', reason: () => 'at_Fault|yes' },
  no_treatment: { holds: (l) => l.doctor_treatment === 'No', reason: () => 'doctor_treatment|no' },
  name_gibberish: { holds: (l) => l.name_gibberish === 'yes', reason: () => 'name_gibberish|yes' },
  // The eligibility flow (§1 "age group, citizenship, secured benefits"; issue 28, docs/spec-decisions.md).
  under_18: { holds: (l) => l.age_group === 'under_18', reason: () => 'age_group|under_18' },
  not_us_citizen: { holds: (l) => l.is_us_citizen === 'no', reason: () => 'is_us_citizen|no' },
  benefits_secured: { holds: (l) => l.secured_benefits === 'yes', reason: () => 'secured_benefits|yes' },
} as const satisfies Record<string, Rule>;

export type QualificationRuleId = keyof typeof QUALIFICATION_RULES;

/**
 * The §4 list, plus the name check of §5 and "not in an accident" (the social-drop question), in the
 * order reasons are reported. §5's name_bad_word is a flag buyers read, not a reason: §4's list does not
 * name it, and real names hold listed words (Kike, Marica, Verga; issue 27).
 */
export const STANDARD_RULES: readonly QualificationRuleId[] = [
  'no_accident',
  'lawyer',
  'gibberish',
  'state_limit',
  'window_730',
  'enough_words',
  'not_injured',
  'at_fault',
  'no_treatment',
  'name_gibberish',
];

/**
 * Issue 28: the eligibility flow's verdict, from its three questions, in this order: a minor cannot make the
 * claim on their own (a parent or guardian must); the benefits it screens for ask for US citizenship; a
 * visitor who already secured benefits is not helped to secure them again.
 */
export const ELIGIBILITY_RULES: readonly QualificationRuleId[] = ['under_18', 'not_us_citizen', 'benefits_secured'];

export interface Verdict {
  is_disqualified: boolean;
  dq_reason: string;
  /** Junk (gibberish text or names) must not go even to DQ partners. */
  do_not_send_to_dq: 'yes' | 'no';
  lead_is_qualified: 'yes' | 'no';
}

export function decideVerdict(lead: VerdictInput, rules: readonly QualificationRuleId[]): Verdict {
  const failed = rules.find((id) => QUALIFICATION_RULES[id].holds(lead));
  const junk = lead.is_gibberish === 'yes' || lead.name_gibberish === 'yes';
  return {
    is_disqualified: failed !== undefined,
    dq_reason: failed === undefined ? '' : QUALIFICATION_RULES[failed].reason(lead),
    do_not_send_to_dq: junk ? 'yes' : 'no',
    lead_is_qualified: failed === undefined && !junk ? 'yes' : 'no',
  };
}
