/**
 * The short variants (spec §2, §4): social-video (TikTok-style), short 2, minimal, name-first short
 * and the plain short variant.
 */
import {
  ACCIDENT_TYPE_OPTIONS,
  CASE_WORTH_OPTIONS,
  DOCTOR_YES_NO,
  FAULT_OPTIONS,
  INJURED_YES_NO,
  INJURY_OPTIONS,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
} from '../common-options';
import { SPECIFIC_INJURIES } from '../../lead/survey-answers';
import { policy } from '../policies';
import { buildFlow } from './build-flow';

export const SOCIAL_VIDEO = buildFlow({
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

/**
 * Short 2 (§2, §4): progress StartPath 10, HowWasUserHurt 18, WhenWasTheAccident 27, AtFault 36,
 * DescribeInjuries 45, PoliceReport 54, HasAttorney 63, Description 87, EmailAndName 95; ZipAndPhone
 * (no value given) 98; then the End screen while submitting. §4 lists StartPath in its progress, so the
 * flow starts there although §2's step order begins at HowWasUserHurt.
 */
export const SHORT_2 = buildFlow({
  id: 'short-2',
  ending: { destination: 'post-lead', after: 'redirect', endScreen: 'End' },
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 10 },
    { id: 'HowWasUserHurt', screen: { kind: 'choice', options: INJURED_YES_NO }, progress: 18 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 27 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 36 },
    {
      id: 'DescribeInjuries',
      screen: { kind: 'questions', questions: [{ field: 'injury_type', options: [...SPECIFIC_INJURIES, 'None'] }] },
      progress: 45,
    },
    { id: 'PoliceReport', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 54 },
    { id: 'HasAttorney', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 63 },
    { id: 'Description', screen: { kind: 'description' }, progress: 87 },
    { id: 'EmailAndName', screen: { kind: 'name-email' }, progress: 95 },
    { id: 'ZipAndPhone', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});

/**
 * Minimal (§2, §4): posts to the external lead-ingest endpoint and stays on ThankYouStep (overlay while
 * submitting, hidden at ThankYouStep). Its medical window forces treatment at exactly 15 days.
 */
export const MINIMAL = buildFlow({
  id: 'minimal',
  policy: policy({ forcedTreatment: 'exactly' }),
  ending: { destination: 'ingest', after: 'end-screen', endScreen: 'ThankYouStep' },
  steps: [
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 10 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 25 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 45 },
    { id: 'DidYouReceiveMedicalTreatment', screen: { kind: 'choice', options: DOCTOR_YES_NO }, progress: 65 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 85 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 95 },
  ],
});

/** Name-first short (§2, §4 progress 12, 25, 36, 45, 68, 72, 87, 95, 98). */
export const NAME_FIRST_SHORT = buildFlow({
  id: 'name-first-short',
  steps: [
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 12 },
    { id: 'TypeOfAccident', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 25 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 36 },
    { id: 'WasUserInjured', screen: { kind: 'choice', options: INJURY_OPTIONS }, progress: 45 },
    { id: 'PoliceReportFiled', screen: { kind: 'choice', options: POLICE_OPTIONS }, progress: 68 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 72 },
    { id: 'HasLawyer', screen: { kind: 'choice', options: LAWYER_OPTIONS }, progress: 87 },
    { id: 'IncidentDescription', screen: { kind: 'description' }, progress: 95 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 98 },
  ],
});

/** The plain short variant (§2): StartPath, WhenWasTheAccident, AtFault, WasUserInjured, contact. */
export const PLAIN_SHORT = buildFlow({
  id: 'plain-short',
  steps: [
    { id: 'StartPath', screen: { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS }, progress: 10 },
    { id: 'WhenWasTheAccident', screen: { kind: 'incident-date' }, progress: 30 },
    { id: 'AtFault', screen: { kind: 'choice', options: FAULT_OPTIONS }, progress: 50 },
    { id: 'WasUserInjured', screen: { kind: 'choice', options: INJURY_OPTIONS }, progress: 70 },
    { id: 'NameAndEmail', screen: { kind: 'name-email' }, progress: 85 },
    { id: 'PhoneAndZip', screen: { kind: 'phone-zip' }, progress: 95 },
  ],
});
