/** Derivation policies shared by flows (see DerivePolicy). */
import type { DerivePolicy } from '../lead/derive-lead';
import { STANDARD_RULES, type QualificationRuleId } from '../rules/qualification';
import { COMPARATIVE_FAULT_STATES, FIFTY_STATES } from '../rules/state-lists';

export const STANDARD_POLICY: DerivePolicy = {
  rules: () => STANDARD_RULES,
  forcedTreatment: 'within',
  retagStates: null,
  partialFaultStates: null,
};

export function policy(changes: Partial<DerivePolicy>): DerivePolicy {
  return { ...STANDARD_POLICY, ...changes };
}

/** V4-style flows ask partial fault; it counts as not at fault in comparative-fault states. */
export const V4_POLICY = policy({ partialFaultStates: COMPARATIVE_FAULT_STATES });

/** The v4nv family: partial fault as in V4_POLICY, and re-tagging on the 50-state list (§4). */
export const V4_RETAG_POLICY = policy({ retagStates: FIFTY_STATES, partialFaultStates: COMPARATIVE_FAULT_STATES });

/**
 * Rules for flows that sell something other than an injury case (tickets). §4's 730-day window holds here
 * too: "lead_is_qualified is yes only if … the incident is within 730 days" (issue 27; every flow's rule
 * lists hold it, test/every-visitor-judged.test.ts).
 */
export const CONTACT_ONLY_RULES: readonly QualificationRuleId[] = [
  'lawyer',
  'gibberish',
  'window_730',
  'name_gibberish',
];
