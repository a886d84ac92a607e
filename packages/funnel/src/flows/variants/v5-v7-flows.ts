/**
 * Variants named by their v4/v5/v7 step names (spec §2: GetStartedFirstStep,
 * AccidentResultInMedicalTreatment, ZipCode, PhoneAndBuyersConsent, PhoneAbbreviatedTCPA,
 * TypeOfAccident, ThankYouStep). The spec gives their names, not their order: the orders here are ours
 * (docs/spec-decisions.md). Both use the V4 fault answers, and both ask the injury: §4 re-tags them on
 * their own state lists, and "eligible for the special path" needs the injury the visitor named.
 */
import type { FlowLead } from '../flow-definition';
import { ACCIDENT_TYPE_OPTIONS, INJURY_OPTIONS, LAWYER_OPTIONS, V4_FAULT_OPTIONS } from '../common-options';
import { TOP_25_STATES, LOWER_48_STATES, COMPARATIVE_FAULT_STATES } from '../../rules/state-lists';
import { policy } from '../policies';
import { buildFlow, type StepSpec } from './build-flow';

const GET_STARTED = [{ id: 'get_started', set: {} }];
const MEDICAL_RESULT = [
  { id: 'yes', set: { doctor_treatment: 'Yes' as const } },
  { id: 'no', set: { doctor_treatment: 'No' as const } },
];

/** The injury, then (only when injured) whether it led to medical treatment. */
function injurySteps(progress: [number, number]): StepSpec[] {
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

/** v5 (surveyv5nv): re-tags on the 25-state list; thank-you at /survey-v5-thank-you/. */
export const V5 = buildFlow({
  id: 'v5',
  policy: policy({ retagStates: TOP_25_STATES, partialFaultStates: COMPARATIVE_FAULT_STATES }),
  steps: [
    { id: 'GetStartedFirstStep', screen: { kind: 'choice', options: GET_STARTED }, progress: 5 },
    { id: 'TypeOfAccident', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 12 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 22 },
    { id: 'AtFault', screen: { kind: 'choice', options: V4_FAULT_OPTIONS }, progress: 32 },
    ...injurySteps([42, 52]),
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 62 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 74 },
    { id: 'ZipCode', screen: { kind: 'zip' }, progress: 84 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 92 },
    { id: 'PhoneAbbreviatedTCPA', screen: { kind: 'phone' }, progress: 97 },
  ],
});

/** v7: re-tags on the 48-state list; ends on ThankYouStep after posting; thank-you path -v7. */
export const V7 = buildFlow({
  id: 'v7',
  policy: policy({ retagStates: LOWER_48_STATES, partialFaultStates: COMPARATIVE_FAULT_STATES }),
  ending: { destination: 'post-lead', after: 'redirect', endScreen: 'ThankYouStep' },
  steps: [
    { id: 'GetStartedFirstStep', screen: { kind: 'choice', options: GET_STARTED }, progress: 5 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 18 },
    { id: 'AtFault', screen: { kind: 'choice', options: V4_FAULT_OPTIONS }, progress: 30 },
    ...injurySteps([42, 54]),
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 66 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 80 },
    { id: 'AllPii', screen: { kind: 'all-pii' }, progress: 95 },
  ],
});
