import { ACCIDENT_TYPE_OPTIONS, FAULT_OPTIONS, IN_ACCIDENT_OPTIONS, LAWYER_OPTIONS } from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/**
 * §4 "Short: 5, 8, 10, 85, 50, 95, 100" would send the bar back from 85 to 50; the same values in
 * rising order are used (docs/spec-decisions.md).
 */
export const flow: FlowDefinition = buildFlow({
  id: 'short',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 5 },
    { id: 'WereYouInAMotorVehicleAccident', screen: { kind: 'choice', options: IN_ACCIDENT_OPTIONS }, progress: 8 },
    { id: 'SocialDropWhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 10 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 50 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 85 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 95 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});
