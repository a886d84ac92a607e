/**
 * The form-shaped flows (spec §2, §4, §5): the multi-step form (each step validates before moving on)
 * and the one-page form (one step with everything; a disqualified visitor sees a panel, not a redirect).
 */
import { MEDICAL_TIMING } from '../../lead/survey-answers';
import type { Question } from '../flow-definition';
import { buildFlow } from './build-flow';

const YES_NO = ['yes', 'no'] as const;
const YES_NO_TITLE = ['Yes', 'No'] as const;

/** §5: the first step of the multi-step form needs physical_injury and police_report. */
const FIRST: readonly Question[] = [
  { field: 'physical_injury', options: YES_NO_TITLE },
  { field: 'police_report', options: ['yes', 'no', 'not_sure'] },
  { field: 'at_Fault', options: YES_NO },
  { field: 'with_Lawyer', options: YES_NO },
];

/** §5: injury_month and injury_year both required; the injury description step needs doctor_treatment and when_seek_medical_treatment. */
const SECOND: readonly Question[] = [
  { field: 'injury_year' },
  { field: 'injury_month' },
  { field: 'doctor_treatment', options: YES_NO_TITLE },
  { field: 'when_seek_medical_treatment', options: MEDICAL_TIMING },
  { field: 'case_description' },
];

const CONTACT: readonly Question[] = [
  { field: 'first_name' },
  { field: 'last_name' },
  { field: 'email' },
  { field: 'phone' },
  { field: 'zip_code' },
];

export const MULTI_STEP_FORM = buildFlow({
  id: 'multi-step-form',
  // §5: "In the multi-step form only the length check applies."
  remotePhoneCheck: false,
  steps: [
    { id: 'ShowQuestions', screen: { kind: 'choice', options: [{ id: 'start', set: {} }] }, progress: 5 },
    { id: 'FormFirstQuestions', screen: { kind: 'questions', questions: FIRST }, progress: 25 },
    { id: 'FormSecondQuestions', screen: { kind: 'questions', questions: SECOND }, progress: 60 },
    { id: 'FormThirdQuestions', screen: { kind: 'questions', questions: CONTACT }, progress: 90 },
  ],
});

/** §5 "Address required" and "accident_type required" belong to the one-page form's fields. */
export const ONE_PAGE_FORM = buildFlow({
  id: 'one-page-form',
  ending: { destination: 'post-lead', after: 'redirect', disqualifiedPanel: true },
  steps: [
    {
      id: 'OnePageForm',
      screen: {
        kind: 'questions',
        questions: [
          {
            field: 'accident_type',
            options: ['car', 'truck', 'motorcycle', 'rideshare', 'pedestrian_or_bicycle', 'other'],
          },
          ...FIRST,
          { field: 'injury_year' },
          { field: 'injury_month' },
          { field: 'doctor_treatment', options: YES_NO_TITLE },
          { field: 'case_description' },
          ...CONTACT,
          { field: 'address' },
        ],
      },
      progress: 50,
    },
  ],
});
