import { ACCIDENT_TYPE_OPTIONS, FAULT_OPTIONS, INJURY_OPTIONS } from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/** The plain short variant (§2): StartPath, WhenWasTheAccident, AtFault, WasUserInjured, contact. */
export const flow: FlowDefinition = buildFlow({
  id: 'plain-short',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 10 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 30 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 50 },
    { id: 'WasUserInjured', screen: { kind: 'choice', options: INJURY_OPTIONS }, progress: 70 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 85 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 95 },
  ],
});
