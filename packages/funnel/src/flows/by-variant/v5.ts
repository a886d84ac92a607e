/** v5 (surveyv5nv): re-tags on the 25-state list; thank-you at /survey-v5-thank-you/. */
import { COMPARATIVE_FAULT_STATES, TOP_25_STATES } from '../../rules/state-lists';
import { ACCIDENT_TYPE_OPTIONS, LAWYER_OPTIONS, V4_FAULT_OPTIONS } from '../common-options';
import type { FlowDefinition } from '../flow-definition';
import { policy } from '../policies';
import { buildFlow } from '../variants/build-flow';
import { GET_STARTED, injurySteps } from '../variants/v5-v7-flows';

export const flow: FlowDefinition = buildFlow({
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
