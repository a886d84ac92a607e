/**
 * The main extended flow (spec §2 "Extended variant", §4 "Main extended flow"), served at /survey.
 * Options switch the path-dependent parts §4 names (surveyv4nv skips the case-worth question, the
 * Spanish path skips the lawyer follow-ups, a page flag combines the contact steps).
 */
import { INJURY_PATH_MAX_MONTHS, OVER_TWO_YEARS, WILLING_TO_TREAT_MAX_DAYS } from '../constants';
import {
  SERIOUS_INJURIES,
  SPECIFIC_INJURIES,
  TREATMENT_TYPES,
  FUNDING_AMOUNTS,
  ACCIDENT_TYPES,
} from '../lead/survey-answers';
import { STANDARD_RULES } from '../rules/qualification';
import { SUBMIT, type ChoiceOption, type FlowDefinition, type FlowLead, type StepDefinition } from './flow-definition';

export interface ExtendedFlowOptions {
  id: string;
  /** surveyv4nv: StartPath goes straight to WhenWasTheAccident. */
  skipCaseWorth: boolean;
  /** Spanish path: HasLawyer does not branch into the lawyer follow-ups. */
  skipLawyerFollowUps: boolean;
  /** The page's combined-last-step flag: one AllPii step instead of NameAndEmail + PhoneAndZip. */
  combinedLastStep: boolean;
  /** States whose buyers need a date of birth (the spec's "state check" helper, §4). */
  dateOfBirthStates: readonly string[];
}

export const EXTENDED_STEP_IDS = [
  'StartPath',
  'AutoAccidentCaseWorth',
  'WhenWasTheAccident',
  'AtFault',
  'WasUserInjured',
  'ActiveInsurancePolicy',
  'MissedWork',
  'SpeakingWithADoctor',
  'DidYouReceiveMedicalTreatment',
  'WillingToTreat',
  'PoliceReportFiled',
  'HasLawyer',
  'ConfirmationHasLawyer',
  'InterestedInFunding',
  'FundingAmount',
  'HasCaseBeenSettled',
  'HasReceivedFunding',
  'LawFirmDetails',
  'IncidentDescription',
  'HitAndRunIdentified',
  'UninsuredMotoristCoverage',
  'AllPii',
  'NameAndEmail',
  'DateOfBirth',
  'PhoneAndZip',
] as const;

export type ExtendedStepId = (typeof EXTENDED_STEP_IDS)[number];

function yesNo(
  field:
    | 'active_insurance_policy'
    | 'missed_work'
    | 'speaking_with_doctor'
    | 'willing_to_treat'
    | 'interested_in_psf'
    | 'settled_case'
    | 'prior_funding'
    | 'hit_and_run_identified'
    | 'uninsured_motorist_coverage',
): ChoiceOption[] {
  return [
    { id: 'yes', set: { [field]: 'yes' } },
    { id: 'no', set: { [field]: 'no' } },
  ];
}

const LAWYER_OPTIONS: ChoiceOption[] = [
  { id: 'have_lawyer', set: { with_Lawyer: 'yes', lawyer_choice: 'have_lawyer' } },
  { id: 'need_lawyer', set: { with_Lawyer: 'no', lawyer_choice: 'need_lawyer' } },
  { id: 'want_new_lawyer', set: { with_Lawyer: 'yes', lawyer_choice: 'want_new_lawyer' } },
];

function isSerious(injury: string | undefined): boolean {
  return SERIOUS_INJURIES.some((s) => s === injury);
}

function hasLawyerForRecentAccident(lead: FlowLead): boolean {
  return lead.with_Lawyer === 'yes' && lead.accident_date_button !== OVER_TWO_YEARS;
}

/** Progress values rise along the step order, and every branch only skips forward (§4). */
const PROGRESS: Record<ExtendedStepId, number> = {
  StartPath: 4,
  AutoAccidentCaseWorth: 8,
  WhenWasTheAccident: 12,
  AtFault: 18,
  WasUserInjured: 24,
  ActiveInsurancePolicy: 28,
  MissedWork: 32,
  SpeakingWithADoctor: 36,
  DidYouReceiveMedicalTreatment: 40,
  WillingToTreat: 45,
  PoliceReportFiled: 50,
  HasLawyer: 56,
  ConfirmationHasLawyer: 60,
  InterestedInFunding: 63,
  FundingAmount: 66,
  HasCaseBeenSettled: 69,
  HasReceivedFunding: 72,
  LawFirmDetails: 75,
  IncidentDescription: 78,
  HitAndRunIdentified: 82,
  UninsuredMotoristCoverage: 85,
  AllPii: 90,
  NameAndEmail: 90,
  DateOfBirth: 93,
  PhoneAndZip: 96,
};

export function makeExtendedFlow(options: ExtendedFlowOptions): FlowDefinition {
  const afterDescription = () => (options.combinedLastStep ? 'AllPii' : 'NameAndEmail');
  const step = (
    id: ExtendedStepId,
    screen: StepDefinition['screen'],
    next: StepDefinition['next'],
  ): StepDefinition => ({
    id,
    screen,
    progress: PROGRESS[id],
    next,
  });

  const steps: StepDefinition[] = [
    step(
      'StartPath',
      { kind: 'choice', options: ACCIDENT_TYPES.map((t) => ({ id: t, set: { accident_type: t } })) },
      () => (options.skipCaseWorth ? 'WhenWasTheAccident' : 'AutoAccidentCaseWorth'),
    ),
    step(
      'AutoAccidentCaseWorth',
      {
        kind: 'choice',
        options: [
          { id: 'i_think_so', set: { case_worth_known: 'I Think So' } },
          { id: 'not_sure', set: { case_worth_known: 'Not Sure' } },
        ],
      },
      () => 'WhenWasTheAccident',
    ),
    step('WhenWasTheAccident', { kind: 'incident-date' }, () => 'AtFault'),
    step(
      'AtFault',
      {
        kind: 'choice',
        options: [
          { id: 'another_person', set: { at_Fault: 'no', fault_cause: 'another_person' } },
          { id: 'me', set: { at_Fault: 'yes', fault_cause: 'me' } },
          { id: 'road_or_animal', set: { at_Fault: 'no', fault_cause: 'road_or_animal' } },
        ],
      },
      () => 'WasUserInjured',
    ),
    step(
      'WasUserInjured',
      {
        kind: 'choice',
        options: [
          ...SPECIFIC_INJURIES.map((injury) => ({
            id: injury,
            set: { physical_injury: 'Yes' as const, specific_injury: injury },
          })),
          { id: 'not_injured', set: { physical_injury: 'No' } },
        ],
      },
      (lead) => {
        if (
          lead.at_Fault === 'yes' &&
          isSerious(lead.specific_injury) &&
          lead.months_from_incident_date !== undefined &&
          lead.months_from_incident_date <= INJURY_PATH_MAX_MONTHS
        ) {
          return 'ActiveInsurancePolicy';
        }
        return lead.physical_injury === 'Yes' ? 'DidYouReceiveMedicalTreatment' : 'PoliceReportFiled';
      },
    ),
    step('ActiveInsurancePolicy', { kind: 'choice', options: yesNo('active_insurance_policy') }, (lead) =>
      lead.active_insurance_policy === 'yes' ? 'MissedWork' : 'DidYouReceiveMedicalTreatment',
    ),
    step('MissedWork', { kind: 'choice', options: yesNo('missed_work') }, (lead) =>
      lead.missed_work === 'yes' ? 'SpeakingWithADoctor' : 'DidYouReceiveMedicalTreatment',
    ),
    step(
      'SpeakingWithADoctor',
      { kind: 'choice', options: yesNo('speaking_with_doctor') },
      () => 'DidYouReceiveMedicalTreatment',
    ),
    step(
      'DidYouReceiveMedicalTreatment',
      {
        kind: 'choice',
        options: TREATMENT_TYPES.map((t) => ({
          id: t,
          set: { treatment_type: t, doctor_treatment: t === 'No Treatment' ? ('No' as const) : ('Yes' as const) },
        })),
      },
      // Read the raw answer: the §4 medical window forces doctor_treatment to Yes for recent
      // accidents, which is exactly when this follow-up must still be asked.
      (lead, raw) =>
        raw.doctor_treatment === 'No' &&
        lead.days_from_incident_date !== undefined &&
        lead.days_from_incident_date <= WILLING_TO_TREAT_MAX_DAYS
          ? 'WillingToTreat'
          : 'PoliceReportFiled',
    ),
    step('WillingToTreat', { kind: 'choice', options: yesNo('willing_to_treat') }, () => 'PoliceReportFiled'),
    step(
      'PoliceReportFiled',
      {
        kind: 'choice',
        options: [
          { id: 'yes', set: { police_report: 'yes' } },
          { id: 'no', set: { police_report: 'no' } },
          { id: 'not_sure', set: { police_report: 'not_sure' } },
        ],
      },
      () => 'HasLawyer',
    ),
    step('HasLawyer', { kind: 'choice', options: LAWYER_OPTIONS }, (lead) =>
      !options.skipLawyerFollowUps && hasLawyerForRecentAccident(lead)
        ? 'ConfirmationHasLawyer'
        : 'IncidentDescription',
    ),
    step('ConfirmationHasLawyer', { kind: 'choice', options: LAWYER_OPTIONS }, (lead) =>
      hasLawyerForRecentAccident(lead) ? 'InterestedInFunding' : 'IncidentDescription',
    ),
    step('InterestedInFunding', { kind: 'choice', options: yesNo('interested_in_psf') }, (lead) =>
      lead.interested_in_psf === 'yes' ? 'FundingAmount' : 'IncidentDescription',
    ),
    step(
      'FundingAmount',
      { kind: 'choice', options: FUNDING_AMOUNTS.map((a) => ({ id: a, set: { funding_amount: a } })) },
      () => 'HasCaseBeenSettled',
    ),
    step('HasCaseBeenSettled', { kind: 'choice', options: yesNo('settled_case') }, (lead) =>
      lead.settled_case === 'yes' ? 'IncidentDescription' : 'HasReceivedFunding',
    ),
    step('HasReceivedFunding', { kind: 'choice', options: yesNo('prior_funding') }, (lead) =>
      lead.prior_funding === 'yes' ? 'IncidentDescription' : 'LawFirmDetails',
    ),
    step('LawFirmDetails', { kind: 'law-firm' }, () => 'IncidentDescription'),
    step('IncidentDescription', { kind: 'description' }, (lead) =>
      lead.hit_and_run === 'yes' ? 'HitAndRunIdentified' : afterDescription(),
    ),
    step('HitAndRunIdentified', { kind: 'choice', options: yesNo('hit_and_run_identified') }, (lead) =>
      lead.hit_and_run_identified === 'yes' ? afterDescription() : 'UninsuredMotoristCoverage',
    ),
    step(
      'UninsuredMotoristCoverage',
      { kind: 'choice', options: yesNo('uninsured_motorist_coverage') },
      afterDescription,
    ),
    step('AllPii', { kind: 'all-pii' }, () => SUBMIT),
    step('NameAndEmail', { kind: 'name-email' }, (lead) =>
      lead.state !== '' && options.dateOfBirthStates.includes(lead.state) ? 'DateOfBirth' : 'PhoneAndZip',
    ),
    step('DateOfBirth', { kind: 'date-of-birth' }, () => 'PhoneAndZip'),
    step('PhoneAndZip', { kind: 'phone-zip' }, () => SUBMIT),
  ];

  return { id: options.id, first: 'StartPath', steps, rules: STANDARD_RULES };
}

export const EXTENDED_FLOW = makeExtendedFlow({
  id: 'extended',
  skipCaseWorth: false,
  skipLawyerFollowUps: false,
  combinedLastStep: false,
  dateOfBirthStates: [],
});
