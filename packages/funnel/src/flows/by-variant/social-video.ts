/** Social-video (spec §2, TikTok-style paths): starts at the case-worth question. */
import { CASE_WORTH_OPTIONS, FAULT_OPTIONS, INJURY_OPTIONS, LAWYER_OPTIONS, POLICE_OPTIONS } from '../common-options';
import { buildFlow } from '../variants/build-flow';
import type { FlowDefinition } from '../flow-definition';

export const flow: FlowDefinition = buildFlow({
  id: 'social-video',
  steps: [
    { id: 'AutoAccidentCaseWorth', screen: { kind: 'choice', options: CASE_WORTH_OPTIONS }, progress: 8 },
    { id: 'WhenWasTheAccidentTikTok', screen: { kind: 'incident-date' }, progress: 18 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 30 },
    { id: 'WasUserInjured', screen: { kind: 'choice', options: INJURY_OPTIONS }, progress: 42 },
    { id: 'PoliceReportFiledTikTok', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 54 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 66 },
    { id: 'IncidentDescriptionTikTok', screen: { kind: 'description' }, progress: 78 },
    { id: 'NameAndEmailTikTok', screen: { kind: 'name-email' }, progress: 90 },
    { id: 'PhoneAndZipTikTok', screen: { kind: 'phone-zip' }, progress: 96 },
  ],
});
