/** Answer option sets several variants share (spec §2 "Screen content"). */
import {
  ACCIDENT_TYPES,
  SPECIFIC_INJURIES,
  TREATMENT_TYPES,
  VEHICLE_TYPES,
  type SurveyAnswers,
} from '../lead/survey-answers';
import type { ChoiceOption } from './flow-definition';

type YesNoField = {
  [K in keyof SurveyAnswers]-?: NonNullable<SurveyAnswers[K]> extends 'yes' | 'no' ? K : never;
}[keyof SurveyAnswers];

export function yesNo(field: YesNoField): ChoiceOption[] {
  return [
    { id: 'yes', set: { [field]: 'yes' } },
    { id: 'no', set: { [field]: 'no' } },
  ];
}

export const ACCIDENT_TYPE_OPTIONS: ChoiceOption[] = ACCIDENT_TYPES.map((t) => ({ id: t, set: { accident_type: t } }));

export const CASE_WORTH_OPTIONS: ChoiceOption[] = [
  { id: 'i_think_so', set: { case_worth_known: 'I Think So' } },
  { id: 'not_sure', set: { case_worth_known: 'Not Sure' } },
];

export const VEHICLE_OPTIONS: ChoiceOption[] = VEHICLE_TYPES.map((v) => ({
  id: v,
  set: { other_driver_vehicle_type: v },
}));

/** §2 fault answers: another person; I was found at-fault; road conditions or animal. */
export const FAULT_OPTIONS: ChoiceOption[] = [
  { id: 'another_person', set: { at_Fault: 'no', fault_cause: 'another_person' } },
  { id: 'me', set: { at_Fault: 'yes', fault_cause: 'me' } },
  { id: 'road_or_animal', set: { at_Fault: 'no', fault_cause: 'road_or_animal' } },
];

/** §2 "in V4: not at fault / at fault", with partial fault (§4 re-tagging) as its own answer. */
export const V4_FAULT_OPTIONS: ChoiceOption[] = [
  { id: 'not_at_fault', set: { at_Fault: 'no', partial_fault: 'no' } },
  { id: 'partially_at_fault', set: { at_Fault: 'yes', partial_fault: 'yes' } },
  { id: 'at_fault', set: { at_Fault: 'yes', partial_fault: 'no' } },
];

export const INJURY_OPTIONS: ChoiceOption[] = [
  ...SPECIFIC_INJURIES.map((injury) => ({
    id: injury,
    set: { physical_injury: 'Yes' as const, specific_injury: injury },
  })),
  { id: 'not_injured', set: { physical_injury: 'No' } },
];

export const INJURED_YES_NO: ChoiceOption[] = [
  { id: 'yes', set: { physical_injury: 'Yes' } },
  { id: 'no', set: { physical_injury: 'No' } },
];

/** §2 treatment answers; doctor_treatment is their yes/no reading. */
export const TREATMENT_OPTIONS: ChoiceOption[] = TREATMENT_TYPES.map((t) => ({
  id: t,
  set: { treatment_type: t, doctor_treatment: t === 'No Treatment' ? ('No' as const) : ('Yes' as const) },
}));

export const DOCTOR_YES_NO: ChoiceOption[] = [
  { id: 'yes', set: { doctor_treatment: 'Yes' } },
  { id: 'no', set: { doctor_treatment: 'No' } },
];

export const POLICE_OPTIONS: ChoiceOption[] = [
  { id: 'yes', set: { police_report: 'yes' } },
  { id: 'no', set: { police_report: 'no' } },
  { id: 'not_sure', set: { police_report: 'not_sure' } },
];

/** §2 lawyer answers: have a lawyer; NEED a lawyer; want a new lawyer. */
export const LAWYER_OPTIONS: ChoiceOption[] = [
  { id: 'have_lawyer', set: { with_Lawyer: 'yes', lawyer_choice: 'have_lawyer' } },
  { id: 'need_lawyer', set: { with_Lawyer: 'no', lawyer_choice: 'need_lawyer' } },
  { id: 'want_new_lawyer', set: { with_Lawyer: 'yes', lawyer_choice: 'want_new_lawyer' } },
];

export const IN_ACCIDENT_OPTIONS: ChoiceOption[] = yesNo('in_motor_vehicle_accident');
