/**
 * Variants A, B and C (spec §2 "Step orders by variant", §4 "Other variants"): after WasUserInjured,
 * physical_injury No skips TypeOfMedicalTreatment; Yes loads a tracking pixel; the first step loads
 * an ad script. B collects name and email at its second step (SocialDropPII).
 */
import {
  ACCIDENT_TYPE_OPTIONS,
  CASE_WORTH_OPTIONS,
  FAULT_OPTIONS,
  INJURY_OPTIONS,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  TREATMENT_OPTIONS,
  VEHICLE_OPTIONS,
} from '../common-options';
import type { FlowLead } from '../flow-definition';
import { buildFlow, type StepSpec } from './build-flow';

const adScript = () => ['load-ad-script'] as const;
const injuryPixel = (lead: FlowLead) => (lead.physical_injury === 'Yes' ? (['load-injury-pixel'] as const) : []);
const skipTreatmentIfNotInjured = (lead: FlowLead) =>
  lead.physical_injury === 'No' ? 'PoliceReportFiled' : 'TypeOfMedicalTreatment';

/** The step all three share: not injured skips TypeOfMedicalTreatment; injured loads the pixel. */
function wasUserInjured(progress: number): StepSpec {
  return {
    id: 'WasUserInjured',
    screen: { kind: 'choice', options: INJURY_OPTIONS },
    progress,
    next: skipTreatmentIfNotInjured,
    targets: ['TypeOfMedicalTreatment', 'PoliceReportFiled'],
    effects: injuryPixel,
  };
}

export const VARIANT_A = buildFlow({
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

/** §2 Variant B gives its own progress values; PhoneAndZip (not given) continues at 99. */
export const VARIANT_B = buildFlow({
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

/** §2 Variant C: progress 5, 10, 30, 40, 55, 70, 80, 95, 98, 99, then 100 with the overlay. */
export const VARIANT_C = buildFlow({
  id: 'variant-c',
  steps: [
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 5, effects: adScript },
    { id: 'OtherDriversVehicleType', screen: { kind: 'choice', options: VEHICLE_OPTIONS }, progress: 10 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 30 },
    wasUserInjured(40),
    { id: 'TypeOfMedicalTreatment', screen: { kind: 'choice', options: TREATMENT_OPTIONS }, progress: 55 },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 70 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 80 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 95 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 98 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 99 },
  ],
});
