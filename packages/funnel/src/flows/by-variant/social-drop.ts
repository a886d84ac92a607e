import {
  ACCIDENT_TYPE_OPTIONS,
  FAULT_OPTIONS,
  IN_ACCIDENT_OPTIONS,
  INJURED_YES_NO,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  yesNo,
} from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/**
 * §4 "Main social-drop: 10, 20, 30, 40 (medical treatment) or 50 (at fault), 60, 70, 80, 90, 95,
 * then 100": the value a step is reached with. StartPath, shown first, starts at 5.
 */
export const flow: FlowDefinition = buildFlow({
  id: 'social-drop',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 5 },
    { id: 'WereYouInAMotorVehicleAccident', screen: { kind: 'choice', options: IN_ACCIDENT_OPTIONS }, progress: 10 },
    { id: 'SocialDropWhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 20 },
    {
      id: 'WasUserInjured',
      screen: { kind: 'choice', options: INJURED_YES_NO },
      progress: 30,
      // §2: DidYouRequireMedicalTreatment only if physical_injury is yes.
      next: (lead) => (lead.physical_injury === 'Yes' ? 'DidYouRequireMedicalTreatment' : 'AtFault'),
      targets: ['DidYouRequireMedicalTreatment', 'AtFault'],
    },
    {
      id: 'DidYouRequireMedicalTreatment',
      screen: { kind: 'choice', options: yesNo('required_medical_treatment') },
      progress: 40,
    },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 50 },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 60 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 70 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 80 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 90 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 95 },
  ],
});
