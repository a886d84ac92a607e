import {
  ACCIDENT_TYPE_OPTIONS,
  FAULT_OPTIONS,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  TREATMENT_OPTIONS,
  VEHICLE_OPTIONS,
} from '../common-options';
import { buildFlow } from '../variants/build-flow';
import { adScript, wasUserInjured } from '../variants/variant-abc';
import type { FlowDefinition } from '../flow-definition';

/** §2 Variant B gives its own progress values; PhoneAndZip (not given) continues at 99. */
export const flow: FlowDefinition = buildFlow({
  id: 'variant-b',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 10, effects: adScript },
    { id: 'SocialDropPII', screen: { kind: 'name-email' }, progress: 20 },
    { id: 'OtherDriversVehicleType', screen: { kind: 'choice', options: VEHICLE_OPTIONS }, progress: 30 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 40 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 50 },
    wasUserInjured(60),
    { id: 'TypeOfMedicalTreatment', screen: { kind: 'choice', options: TREATMENT_OPTIONS }, progress: 70 },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 80 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 90 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 98 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 99 },
  ],
});
