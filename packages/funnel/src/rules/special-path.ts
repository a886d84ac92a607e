/**
 * The at-fault "special path" (spec §4). WasUserInjured: "if at_Fault is yes, specific_injury is one of
 * Back or Neck Pain, Broken Bones, Whiplash, Head Injury, Spinal Cord Injury, Loss of Limb, and months
 * since incident is 12 or fewer, go to ActiveInsurancePolicy". Re-tagging applies "when the lead is
 * eligible for the special path". One condition, one home: the flow's branch and the re-tag both ask it.
 */
import { INJURY_PATH_MAX_MONTHS } from '../constants';
import { SERIOUS_INJURIES } from '../lead/survey-answers';

export interface SpecialPathInput {
  /** The fault answer as the visitor gave it (before §4's partial-fault reading changes it). */
  at_Fault?: string | undefined;
  specific_injury?: string | undefined;
  months_from_incident_date?: number | undefined;
}

export function isSeriousInjury(injury: string | undefined): boolean {
  return SERIOUS_INJURIES.some((serious) => serious === injury);
}

/**
 * Every word of §4: at fault, one of the six injuries (a flow that never asks the injury never
 * qualifies), and the accident 12 months old or less.
 */
export function isOnSpecialPath(input: SpecialPathInput): boolean {
  return (
    input.at_Fault === 'yes' &&
    isSeriousInjury(input.specific_injury) &&
    input.months_from_incident_date !== undefined &&
    input.months_from_incident_date <= INJURY_PATH_MAX_MONTHS
  );
}

/**
 * Issue 27, §4 re-tagging "when the lead is eligible for the special path" read with §4's partial fault
 * ("If partial_fault is yes and the state is in a set of about 43 states, at_Fault becomes no"). A visitor
 * who answered at fault took the special path (the branch reads the answer: the state is not known yet),
 * but where §4 clears their partial fault the lead is judged as not at fault, and it is an injury lead
 * with its own affid and oid. The re-tag is for a lead still at fault once judged: a lead is either
 * re-tagged or a qualified injury lead, never both (docs/spec-decisions.md).
 */
export function isRetaggedSpecialPath(input: SpecialPathInput, partialFaultCleared: boolean): boolean {
  return isOnSpecialPath(input) && !partialFaultCleared;
}
