/**
 * Variants named by their v4/v5/v7 step names (spec §2: GetStartedFirstStep,
 * AccidentResultInMedicalTreatment, ZipCode, PhoneAndBuyersConsent, PhoneAbbreviatedTCPA,
 * TypeOfAccident, ThankYouStep). The spec gives their names, not their order: the orders here are ours
 * (docs/spec-decisions.md). Both use the V4 fault answers, and both ask the injury: §4 re-tags them on
 * their own state lists, and "eligible for the special path" needs the injury the visitor named.
 * The flows themselves are by-variant/v5.ts and by-variant/v7.ts.
 */
import type { FlowLead } from '../flow-definition';
import { INJURY_OPTIONS } from '../common-options';
import type { StepSpec } from './build-flow';

export const GET_STARTED = [{ id: 'get_started', set: {} }];
const MEDICAL_RESULT = [
  { id: 'yes', set: { doctor_treatment: 'Yes' as const } },
  { id: 'no', set: { doctor_treatment: 'No' as const } },
];

/** The injury, then (only when injured) whether it led to medical treatment. */
export function injurySteps(progress: [number, number]): StepSpec[] {
  return [
    {
      id: 'WasUserInjured',
      screen: { kind: 'choice', options: INJURY_OPTIONS },
      progress: progress[0],
      next: (lead: FlowLead) => (lead.physical_injury === 'No' ? 'HasLawyer' : 'AccidentResultInMedicalTreatment'),
      targets: ['AccidentResultInMedicalTreatment', 'HasLawyer'],
    },
    {
      id: 'AccidentResultInMedicalTreatment',
      screen: { kind: 'choice', options: MEDICAL_RESULT },
      progress: progress[1],
    },
  ];
}
