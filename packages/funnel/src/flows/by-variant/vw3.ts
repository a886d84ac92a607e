/**
 * VW3 (spec §2, §4 "Other variants"): WasUserInjuredVW3 goes to PoliceReportFiledVW3 when not injured.
 * After posting, a lawyer answer opens the affiliate link (tracking/affiliate-link.ts).
 */
import { FAULT_OPTIONS, INJURED_YES_NO, LAWYER_OPTIONS, POLICE_OPTIONS, TREATMENT_OPTIONS } from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = buildFlow({
  id: 'vw3',
  steps: [
    { id: 'WhenWasTheAccidentVW3', screen: { kind: 'incident-date' }, progress: 10 },
    { id: 'AtFaultVW3', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 20 },
    {
      id: 'WasUserInjuredVW3',
      screen: { kind: 'choice', options: INJURED_YES_NO },
      progress: 30,
      next: (lead) => (lead.physical_injury === 'No' ? 'PoliceReportFiledVW3' : 'TypeOfMedicalTreatmentVW3'),
      targets: ['PoliceReportFiledVW3', 'TypeOfMedicalTreatmentVW3'],
    },
    { id: 'TypeOfMedicalTreatmentVW3', screen: { kind: 'choice', options: TREATMENT_OPTIONS }, progress: 45 },
    { id: 'PoliceReportFiledVW3', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 55 },
    { id: 'HasLawyerVW3', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 65 },
    { id: 'IncidentDescriptionVW3', screen: { kind: 'description' }, progress: 75 },
    { id: 'NameAndEmailVW3', screen: { kind: 'name-email' }, progress: 88 },
    { id: 'PhoneAndZipVW3', screen: { kind: 'phone-zip' }, progress: 96 },
  ],
  ending: { destination: 'post-lead', after: 'redirect', lawyerAffiliateLink: true },
});
