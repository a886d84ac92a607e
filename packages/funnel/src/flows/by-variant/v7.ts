/** v7: re-tags on the 48-state list; ends on ThankYouStep after posting; thank-you path -v7. */
import { COMPARATIVE_FAULT_STATES, LOWER_48_STATES } from '../../rules/state-lists';
import { LAWYER_OPTIONS, V4_FAULT_OPTIONS } from '../common-options';
import type { FlowDefinition } from '../flow-definition';
import { policy } from '../policies';
import { buildFlow } from '../variants/build-flow';
import { GET_STARTED, injurySteps } from '../variants/v5-v7-flows';

export const flow: FlowDefinition = buildFlow({
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
