/**
 * The raw answers as one schema (spec §3 "Lead", survey fields), each field checked by its own schema
 * with the §5 messages. Apart from survey-answers.ts (the answer values and field names) so that the
 * browser's flow engine runs without loading the schemas (issue 10).
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
import { MESSAGES } from './messages';
import type { ANSWER_FIELDS } from './survey-answers';
import {
  ACCIDENT_TYPES,
  AGE_GROUPS,
  ALCOHOL_TESTS,
  BAC_LEVELS,
  FUNDING_AMOUNTS,
  MEDICAL_TIMING,
  SPECIFIC_INJURIES,
  TICKET_TYPES,
  TREATMENT_TYPES,
  US_STATE_CODES,
  VEHICLE_TYPES,
} from './survey-answers';

export const InjuryYearSchema = z
  .string({ error: MESSAGES.accidentYear })
  .refine(
    (v) => v === EARLIER_THAN_FIRST_YEAR || (/^\d{4}$/.test(v) && Number(v) >= FIRST_LISTED_ACCIDENT_YEAR),
    MESSAGES.accidentYear,
  );
export const InjuryMonthSchema = z
  .string({ error: MESSAGES.accidentMonth })
  .regex(/^(0[1-9]|1[0-2])$/, MESSAGES.accidentMonth);
export const InjuryDaySchema = z
  .string({ error: MESSAGES.accidentDay })
  .regex(/^(0[1-9]|[12]\d|3[01])$/, MESSAGES.accidentDay);

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
  /** WereYouInAMotorVehicleAccident (social-drop, short and medical variants). */
  in_motor_vehicle_accident: YesNoSchema.optional(),
  other_driver_vehicle_type: z.enum(VEHICLE_TYPES).optional(),
  /** V4 fault answers add "partially at fault" (§4 re-tagging: partial_fault). */
  partial_fault: YesNoSchema.optional(),
  required_medical_treatment: YesNoSchema.optional(),
  will_require_medical_treatment: YesNoSchema.optional(),
  when_seek_medical_treatment: z.enum(MEDICAL_TIMING).optional(),
  injury_type: ShortTextSchema.optional(),
  pending_dui_charges: YesNoSchema.optional(),
  type_of_alcohol_test_performed: z.enum(ALCOHOL_TESTS).optional(),
  bac_level: z.enum(BAC_LEVELS).optional(),
  prior_alcohol_related_offense: YesNoSchema.optional(),
  ticket_type: z.enum(TICKET_TYPES).optional(),
  ticket_state: z.enum(US_STATE_CODES).optional(),
  age_group: z.enum(AGE_GROUPS).optional(),
  is_us_citizen: YesNoSchema.optional(),
  secured_benefits: YesNoSchema.optional(),
  /** §4 consent variant: yes when the one-to-one buyer consent can be shown (set by the page). */
  '1_to_1_consent': YesNoSchema.optional(),
  address: ShortTextSchema.min(1, MESSAGES.address).optional(),
  first_name: FirstNameSchema.optional(),
  last_name: LastNameSchema.optional(),
  email: EmailSchema.optional(),
  phone: PhoneSchema.optional(),
  zip_code: ZipCodeSchema.optional(),
});

export type SurveyAnswers = z.infer<typeof SurveyAnswersSchema>;
export type AnswerField = keyof SurveyAnswers;

/** ANSWER_FIELDS (survey-answers.ts) names every field of the schema, and nothing else. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const ANSWER_FIELDS_MATCH_SCHEMA: SameKeys<(typeof ANSWER_FIELDS)[number], AnswerField> = true;
