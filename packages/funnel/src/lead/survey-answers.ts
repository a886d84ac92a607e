/**
 * The raw answers a visitor gives (spec §3 "Lead", survey fields). Every field is optional because
 * branching skips steps; which fields a path must hold is the flow's business (flows/).
 * Field names follow the spec, including its mixed case (with_Lawyer, at_Fault), because buyers
 * receive them under those names.
 */
import { z } from 'zod';
import { EARLIER_THAN_FIRST_YEAR, FIRST_LISTED_ACCIDENT_YEAR } from '../constants';
import {
  CaseDescriptionSchema,
  DateOfBirthSchema,
  EmailSchema,
  FirstNameSchema,
  LastNameSchema,
  PhoneSchema,
  ShortTextSchema,
  YesNoSchema,
  YesNoTitleSchema,
  ZipCodeSchema,
} from './field-schemas';

export const ACCIDENT_TYPES = ['car', 'truck', 'motorcycle', 'rideshare', 'pedestrian_or_bicycle', 'other'] as const;

/** §4: the injuries that open the at-fault insurance path. */
export const SERIOUS_INJURIES = [
  'Back or Neck Pain',
  'Broken Bones',
  'Whiplash',
  'Head Injury',
  'Spinal Cord Injury',
  'Loss of Limb',
] as const;
export const SPECIFIC_INJURIES = [...SERIOUS_INJURIES, 'Cuts and Bruises', 'Other Injury'] as const;

export const TREATMENT_TYPES = ['Ambulance', 'Emergency Room', "Doctor's Office", 'No Treatment'] as const;
export const FUNDING_AMOUNTS = ['under_2500', '2500_5000', '5000_10000', 'over_10000'] as const;

export const InjuryYearSchema = z
  .string()
  .refine(
    (v) => v === EARLIER_THAN_FIRST_YEAR || (/^\d{4}$/.test(v) && Number(v) >= FIRST_LISTED_ACCIDENT_YEAR),
    'Please select the year of the accident',
  );
export const InjuryMonthSchema = z.string().regex(/^(0[1-9]|1[0-2])$/, 'Please select the month of the accident');
export const InjuryDaySchema = z.string().regex(/^(0[1-9]|[12]\d|3[01])$/, 'Please select a valid day');

export const SurveyAnswersSchema = z.object({
  accident_type: z.enum(ACCIDENT_TYPES).optional(),
  /** AutoAccidentCaseWorth (§2 "case worth known"). */
  case_worth_known: z.enum(['I Think So', 'Not Sure']).optional(),
  injury_year: InjuryYearSchema.optional(),
  injury_month: InjuryMonthSchema.optional(),
  injury_day: InjuryDaySchema.optional(),
  at_Fault: YesNoSchema.optional(),
  /** Which of the three §2 fault answers was picked; at_Fault is its yes/no reading. */
  fault_cause: z.enum(['another_person', 'me', 'road_or_animal']).optional(),
  physical_injury: YesNoTitleSchema.optional(),
  specific_injury: z.enum(SPECIFIC_INJURIES).optional(),
  active_insurance_policy: YesNoSchema.optional(),
  missed_work: YesNoSchema.optional(),
  speaking_with_doctor: YesNoSchema.optional(),
  doctor_treatment: YesNoTitleSchema.optional(),
  treatment_type: z.enum(TREATMENT_TYPES).optional(),
  willing_to_treat: YesNoSchema.optional(),
  police_report: z.enum(['yes', 'no', 'not_sure']).optional(),
  with_Lawyer: YesNoSchema.optional(),
  /** Which of the three §2 lawyer answers was picked; with_Lawyer is its yes/no reading. */
  lawyer_choice: z.enum(['have_lawyer', 'need_lawyer', 'want_new_lawyer']).optional(),
  interested_in_psf: YesNoSchema.optional(),
  funding_amount: z.enum(FUNDING_AMOUNTS).optional(),
  settled_case: YesNoSchema.optional(),
  prior_funding: YesNoSchema.optional(),
  law_firm_name: ShortTextSchema.optional(),
  attorney_name: ShortTextSchema.optional(),
  case_description: CaseDescriptionSchema.optional(),
  hit_and_run: YesNoSchema.optional(),
  hit_and_run_identified: YesNoSchema.optional(),
  uninsured_motorist_coverage: YesNoSchema.optional(),
  date_of_birth: DateOfBirthSchema.optional(),
  first_name: FirstNameSchema.optional(),
  last_name: LastNameSchema.optional(),
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  zip_code: ZipCodeSchema.optional(),
});

export type SurveyAnswers = z.infer<typeof SurveyAnswersSchema>;
export type AnswerField = keyof SurveyAnswers;
export const ANSWER_FIELDS = SurveyAnswersSchema.keyof().options;
