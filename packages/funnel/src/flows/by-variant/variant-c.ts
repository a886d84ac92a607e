import { FAULT_OPTIONS, LAWYER_OPTIONS, POLICE_OPTIONS, TREATMENT_OPTIONS, VEHICLE_OPTIONS } from '../common-options';
import { buildFlow } from '../variants/build-flow';
import { adScript, wasUserInjured } from '../variants/variant-abc';
import type { FlowDefinition } from '../flow-definition';

/** §2 Variant C: progress 5, 10, 30, 40, 55, 70, 80, 95, 98, 99, then 100 with the overlay. */
export const flow: FlowDefinition = buildFlow({
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
