/**
 * Variant A (spec §2 "Step orders by variant", §4 "Other variants"); shares WasUserInjured and the ad
 * script with B and C (variants/variant-abc.ts).
 */
import {
  ACCIDENT_TYPE_OPTIONS,
  CASE_WORTH_OPTIONS,
  FAULT_OPTIONS,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  TREATMENT_OPTIONS,
  VEHICLE_OPTIONS,
} from '../common-options';
import { buildFlow } from '../variants/build-flow';
import { adScript, wasUserInjured } from '../variants/variant-abc';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = buildFlow({
  id: 'variant-a',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 5, effects: adScript },
    { id: 'AutoAccidentCaseWorth', screen: { kind: 'choice', options: CASE_WORTH_OPTIONS }, progress: 10 },
    { id: 'OtherDriversVehicleType', screen: { kind: 'choice', options: VEHICLE_OPTIONS }, progress: 20 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 30 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 40 },
    wasUserInjured(50),
    { id: 'TypeOfMedicalTreatment', screen: { kind: 'choice', options: TREATMENT_OPTIONS }, progress: 60 },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 70 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 80 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 88 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 94 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});
