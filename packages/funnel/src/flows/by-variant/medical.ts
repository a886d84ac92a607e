import { ACCIDENT_TYPE_OPTIONS, FAULT_OPTIONS, IN_ACCIDENT_OPTIONS, LAWYER_OPTIONS, yesNo } from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/**
 * §2 medical variant: after the date, DidYouRequireMedicalTreatment; "no" asks
 * WillYouRequireMedicalTreatment, otherwise (the spec shows an unfilled "{hash}") straight on to
 * AtFault. Progress §4: 5, 16, 20, 25, 40, 60, 85, 90, 95, 100.
 */
export const flow: FlowDefinition = buildFlow({
  id: 'medical',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 5 },
    { id: 'WereYouInAMotorVehicleAccident', screen: { kind: 'choice', options: IN_ACCIDENT_OPTIONS }, progress: 16 },
    { id: 'SocialDropWhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 20 },
    {
      id: 'DidYouRequireMedicalTreatment',
      screen: { kind: 'choice', options: yesNo('required_medical_treatment') },
      progress: 25,
      next: (lead) => (lead.required_medical_treatment === 'no' ? 'WillYouRequireMedicalTreatment' : 'AtFault'),
      targets: ['WillYouRequireMedicalTreatment', 'AtFault'],
    },
    {
      id: 'WillYouRequireMedicalTreatment',
      screen: { kind: 'choice', options: yesNo('will_require_medical_treatment') },
      progress: 40,
    },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 60 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 85 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 90 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 95 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});
