/**
 * The raw answers a visitor gives (spec §3 "Lead", survey fields). Every field is optional because
 * branching skips steps; which fields a path must hold is the flow's business (flows/).
 * Field names follow the spec, including its mixed case (with_Lawyer, at_Fault), because buyers
 * receive them under those names.
 */

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

/** §2 "Screen content": the other driver's vehicle. */
export const VEHICLE_TYPES = ['Personal Vehicle', 'Work Vehicle', 'Motorcycle', 'Not Sure'] as const;
/** §3 type_of_alcohol_test_performed; no_test and refused_test are the spec's values. */
export const ALCOHOL_TESTS = ['breath', 'blood', 'urine', 'no_test', 'refused_test'] as const;
export const BAC_LEVELS = ['under_08', '08_to_15', 'over_15', 'dont_know'] as const;
export const TICKET_TYPES = ['speeding', 'red_light', 'reckless_driving', 'dui', 'no_insurance', 'other'] as const;
export const AGE_GROUPS = ['under_18', '18_to_24', '25_to_44', '45_to_64', '65_plus'] as const;
export const MEDICAL_TIMING = ['first_week', 'within_a_month', 'later', 'not_yet'] as const;
export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const TREATMENT_TYPES = ['Ambulance', 'Emergency Room', "Doctor's Office", 'No Treatment'] as const;
export const FUNDING_AMOUNTS = ['under_2500', '2500_5000', '5000_10000', 'over_10000'] as const;

/**
 * Every answer field, in the schema's order (survey-answers-schema.ts checks at compile time that this
 * list and the schema name the same fields). A plain list, so the flow engine needs no schema.
 */
export const ANSWER_FIELDS = [
  'accident_type',
  'case_worth_known',
  'injury_year',
  'injury_month',
  'injury_day',
  'at_Fault',
  'fault_cause',
  'physical_injury',
  'specific_injury',
  'active_insurance_policy',
  'missed_work',
  'speaking_with_doctor',
  'doctor_treatment',
  'treatment_type',
  'willing_to_treat',
  'police_report',
  'with_Lawyer',
  'lawyer_choice',
  'interested_in_psf',
  'funding_amount',
  'settled_case',
  'prior_funding',
  'law_firm_name',
  'attorney_name',
  'case_description',
  'hit_and_run',
  'hit_and_run_identified',
  'uninsured_motorist_coverage',
  'date_of_birth',
  'in_motor_vehicle_accident',
  'other_driver_vehicle_type',
  'partial_fault',
  'required_medical_treatment',
  'will_require_medical_treatment',
  'when_seek_medical_treatment',
  'injury_type',
  'pending_dui_charges',
  'type_of_alcohol_test_performed',
  'bac_level',
  'prior_alcohol_related_offense',
  'ticket_type',
  'ticket_state',
  'age_group',
  'is_us_citizen',
  'secured_benefits',
  '1_to_1_consent',
  'address',
  'first_name',
  'last_name',
  'email',
  'phone',
  'zip_code',
] as const;

export type { AnswerField, SurveyAnswers } from './survey-answers-schema';
