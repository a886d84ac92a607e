import { DOCTOR_YES_NO, FAULT_OPTIONS, LAWYER_OPTIONS } from '../common-options';
import { policy } from '../policies';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

/**
 * Minimal (§2, §4): posts to the external lead-ingest endpoint and stays on ThankYouStep (overlay while
 * submitting, hidden at ThankYouStep). Its medical window forces treatment at exactly 15 days.
 */
export const flow: FlowDefinition = buildFlow({
  id: 'minimal',
  policy: policy({ forcedTreatment: 'exactly' }),
  ending: { destination: 'ingest', after: 'end-screen', endScreen: 'ThankYouStep' },
  steps: [
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 10 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 25 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 45 },
    // Issue 28: asked as yes/no here, so its question is worded for yes/no (the extended flow lists treatments).
    {
      id: 'DidYouReceiveMedicalTreatment',
      screen: { kind: 'choice', options: DOCTOR_YES_NO },
      progress: 65,
      textKey: 'DidYouReceiveMedicalTreatmentYesNo',
    },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 85 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 95 },
  ],
});
