/**
 * The social-drop family (spec §2, §4): the main social-drop variant, the short variant and the
 * medical variant. They open with "were you in a motor-vehicle accident?" and a date question.
 */
import {
  ACCIDENT_TYPE_OPTIONS,
  FAULT_OPTIONS,
  IN_ACCIDENT_OPTIONS,
  INJURED_YES_NO,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  yesNo,
} from '../common-options';
import { buildFlow } from './build-flow';

/**
 * §4 "Main social-drop: 10, 20, 30, 40 (medical treatment) or 50 (at fault), 60, 70, 80, 90, 95,
 * then 100": the value a step is reached with. StartPath, shown first, starts at 5.
 */
export const SOCIAL_DROP = buildFlow({
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

/**
 * §4 "Short: 5, 8, 10, 85, 50, 95, 100" would send the bar back from 85 to 50; the same values in
 * rising order are used (docs/spec-decisions.md).
 */
export const SHORT = buildFlow({
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

/**
 * §2 medical variant: after the date, DidYouRequireMedicalTreatment; "no" asks
 * WillYouRequireMedicalTreatment, otherwise (the spec shows an unfilled "{hash}") straight on to
 * AtFault. Progress §4: 5, 16, 20, 25, 40, 60, 85, 90, 95, 100.
 */
export const MEDICAL = buildFlow({
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
