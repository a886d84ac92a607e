/**
 * The form-shaped flows (spec §2, §4, §5): the multi-step form (each step validates before moving on)
 * and the one-page form (one step with everything; a disqualified visitor sees a panel, not a redirect).
 */
import { MEDICAL_TIMING } from '../../lead/survey-answers';
import type { Question } from '../flow-definition';

const YES_NO = ['yes', 'no'] as const;
export const YES_NO_TITLE = ['Yes', 'No'] as const;

/** §5: the first step of the multi-step form needs physical_injury and police_report. */
export const FIRST: readonly Question[] = [
  { field: 'physical_injury', options: YES_NO_TITLE },
  { field: 'police_report', options: ['yes', 'no', 'not_sure'] },
  { field: 'at_Fault', options: YES_NO },
  { field: 'with_Lawyer', options: YES_NO },
];

/** §5: injury_month and injury_year both required; the injury description step needs doctor_treatment and when_seek_medical_treatment. */
export const SECOND: readonly Question[] = [
  { field: 'injury_year' },
  { field: 'injury_month' },
  { field: 'doctor_treatment', options: YES_NO_TITLE },
  // Issue 11: asked only of a visitor who saw a doctor (docs/spec-decisions.md, §5 "injury description step").
  {
    field: 'when_seek_medical_treatment',
    options: MEDICAL_TIMING,
    askedWhen: { field: 'doctor_treatment', equals: 'Yes' },
  },
  { field: 'case_description' },
];

export const CONTACT: readonly Question[] = [
  { field: 'first_name' },
  { field: 'last_name' },
  { field: 'email' },
  { field: 'phone' },
  { field: 'zip_code' },
];
