/**
 * The main extended flow (spec §2 "Extended variant", §4 "Main extended flow"), served at /survey,
 * and its path-dependent forms (§4): surveyv4nv skips the case-worth question, the Spanish path skips
 * the lawyer follow-ups, a page flag combines the contact steps, and the buyers-consent variant asks
 * the zip first and ends on a phone step with (or without) one-to-one buyer consent.
 */
import { OVER_TWO_YEARS, WILLING_TO_TREAT_MAX_DAYS } from '../constants';
import type { DerivePolicy } from '../lead/derive-lead';
import { FUNDING_AMOUNTS } from '../lead/survey-answers';
import { isOnSpecialPath } from '../rules/special-path';
import {
  ACCIDENT_TYPE_OPTIONS,
  CASE_WORTH_OPTIONS,
  FAULT_OPTIONS,
  INJURY_OPTIONS,
  LAWYER_OPTIONS,
  POLICE_OPTIONS,
  TREATMENT_OPTIONS,
  V4_FAULT_OPTIONS,
  yesNo,
} from './common-options';
import { SUBMIT, type FlowDefinition, type FlowLead, type StepDefinition } from './flow-definition';
import { FIFTY_STATES } from '../rules/state-lists';
import { policy } from './policies';

export interface ExtendedFlowOptions {
  id: string;
  /** surveyv4nv: StartPath goes straight to WhenWasTheAccident. */
  skipCaseWorth: boolean;
  /** Spanish path: HasLawyer does not branch into the lawyer follow-ups. */
  skipLawyerFollowUps: boolean;
  /** The page's combined-last-step flag: one AllPii step instead of NameAndEmail + PhoneAndZip. */
  combinedLastStep: boolean;
  /** The buyers-consent variant (v4nv-d1/d2/x1): ZipCode, NameAndEmail, then a consent phone step. */
  buyersConsent: boolean;
  /** V4 fault answers (not at fault / partially / at fault) instead of the three of §2. */
  v4Fault: boolean;
  /** States whose buyers need a date of birth (the spec's "state check" helper, §4). */
  dateOfBirthStates: readonly string[];
  policy: DerivePolicy;
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
  'ZipCode',
  'NameAndEmail',
  'DateOfBirth',
  'PhoneAndZip',
  'PhoneAndBuyersConsent',
  'PhoneAbbreviatedTCPA',
] as const;

export type ExtendedStepId = (typeof EXTENDED_STEP_IDS)[number];

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
  ZipCode: 88,
  NameAndEmail: 90,
  DateOfBirth: 93,
  PhoneAndZip: 96,
  PhoneAndBuyersConsent: 96,
  PhoneAbbreviatedTCPA: 96,
};

export function makeExtendedFlow(options: ExtendedFlowOptions): FlowDefinition {
  const onward = options.combinedLastStep ? 'AllPii' : options.buyersConsent ? 'ZipCode' : 'NameAndEmail';
  const lastSteps = options.buyersConsent ? ['PhoneAndBuyersConsent', 'PhoneAbbreviatedTCPA'] : ['PhoneAndZip'];
  const afterDescription = () => onward;
  const lastStep = (lead: FlowLead) =>
    !options.buyersConsent
      ? 'PhoneAndZip'
      : lead['1_to_1_consent'] === 'yes'
        ? 'PhoneAndBuyersConsent'
        : 'PhoneAbbreviatedTCPA';
  const step = (
    id: ExtendedStepId,
    screen: StepDefinition['screen'],
    next: StepDefinition['next'],
    targets: readonly string[],
    effects?: StepDefinition['effects'],
  ): StepDefinition => ({ id, screen, progress: PROGRESS[id], next, targets, ...(effects ? { effects } : {}) });

  const steps: StepDefinition[] = [
    step(
      'StartPath',
      { kind: 'choice', options: ACCIDENT_TYPE_OPTIONS },
      () => (options.skipCaseWorth ? 'WhenWasTheAccident' : 'AutoAccidentCaseWorth'),
      [options.skipCaseWorth ? 'WhenWasTheAccident' : 'AutoAccidentCaseWorth'],
    ),
    step('AutoAccidentCaseWorth', { kind: 'choice', options: CASE_WORTH_OPTIONS }, () => 'WhenWasTheAccident', [
      'WhenWasTheAccident',
    ]),
    step('WhenWasTheAccident', { kind: 'incident-date' }, () => 'AtFault', ['AtFault']),
    step(
      'AtFault',
      { kind: 'choice', options: options.v4Fault ? V4_FAULT_OPTIONS : FAULT_OPTIONS },
      () => 'WasUserInjured',
      ['WasUserInjured'],
    ),
    step(
      'WasUserInjured',
      { kind: 'choice', options: INJURY_OPTIONS },
      // The fault answer as given: §4's partial-fault reading needs the state, known only at the end.
      (lead, raw) => {
        if (
          isOnSpecialPath({
            at_Fault: raw.at_Fault,
            specific_injury: lead.specific_injury,
            months_from_incident_date: lead.months_from_incident_date,
          })
        )
          return 'ActiveInsurancePolicy';
        return lead.physical_injury === 'Yes' ? 'DidYouReceiveMedicalTreatment' : 'PoliceReportFiled';
      },
      ['ActiveInsurancePolicy', 'DidYouReceiveMedicalTreatment', 'PoliceReportFiled'],
    ),
    step(
      'ActiveInsurancePolicy',
      { kind: 'choice', options: yesNo('active_insurance_policy') },
      (lead) => (lead.active_insurance_policy === 'yes' ? 'MissedWork' : 'DidYouReceiveMedicalTreatment'),
      ['MissedWork', 'DidYouReceiveMedicalTreatment'],
    ),
    step(
      'MissedWork',
      { kind: 'choice', options: yesNo('missed_work') },
      (lead) => (lead.missed_work === 'yes' ? 'SpeakingWithADoctor' : 'DidYouReceiveMedicalTreatment'),
      ['SpeakingWithADoctor', 'DidYouReceiveMedicalTreatment'],
    ),
    step(
      'SpeakingWithADoctor',
      { kind: 'choice', options: yesNo('speaking_with_doctor') },
      () => 'DidYouReceiveMedicalTreatment',
      ['DidYouReceiveMedicalTreatment'],
    ),
    step(
      'DidYouReceiveMedicalTreatment',
      { kind: 'choice', options: TREATMENT_OPTIONS },
      // Read the raw answer: the §4 medical window forces doctor_treatment to Yes for recent
      // accidents, which is exactly when this follow-up must still be asked.
      (lead, raw) =>
        raw.doctor_treatment === 'No' &&
        lead.days_from_incident_date !== undefined &&
        lead.days_from_incident_date <= WILLING_TO_TREAT_MAX_DAYS
          ? 'WillingToTreat'
          : 'PoliceReportFiled',
      ['WillingToTreat', 'PoliceReportFiled'],
    ),
    step('WillingToTreat', { kind: 'choice', options: yesNo('willing_to_treat') }, () => 'PoliceReportFiled', [
      'PoliceReportFiled',
    ]),
    step('PoliceReportFiled', { kind: 'choice', options: POLICE_OPTIONS }, () => 'HasLawyer', ['HasLawyer']),
    step(
      'HasLawyer',
      { kind: 'choice', options: LAWYER_OPTIONS },
      (lead) =>
        !options.skipLawyerFollowUps && hasLawyerForRecentAccident(lead)
          ? 'ConfirmationHasLawyer'
          : 'IncidentDescription',
      options.skipLawyerFollowUps ? ['IncidentDescription'] : ['ConfirmationHasLawyer', 'IncidentDescription'],
    ),
    step(
      'ConfirmationHasLawyer',
      { kind: 'choice', options: LAWYER_OPTIONS },
      (lead) => (hasLawyerForRecentAccident(lead) ? 'InterestedInFunding' : 'IncidentDescription'),
      ['InterestedInFunding', 'IncidentDescription'],
    ),
    step(
      'InterestedInFunding',
      { kind: 'choice', options: yesNo('interested_in_psf') },
      (lead) => (lead.interested_in_psf === 'yes' ? 'FundingAmount' : 'IncidentDescription'),
      ['FundingAmount', 'IncidentDescription'],
    ),
    step(
      'FundingAmount',
      { kind: 'choice', options: FUNDING_AMOUNTS.map((a) => ({ id: a, set: { funding_amount: a } })) },
      () => 'HasCaseBeenSettled',
      ['HasCaseBeenSettled'],
    ),
    step(
      'HasCaseBeenSettled',
      { kind: 'choice', options: yesNo('settled_case') },
      (lead) => (lead.settled_case === 'yes' ? 'IncidentDescription' : 'HasReceivedFunding'),
      ['IncidentDescription', 'HasReceivedFunding'],
    ),
    step(
      'HasReceivedFunding',
      { kind: 'choice', options: yesNo('prior_funding') },
      (lead) => (lead.prior_funding === 'yes' ? 'IncidentDescription' : 'LawFirmDetails'),
      ['IncidentDescription', 'LawFirmDetails'],
    ),
    step('LawFirmDetails', { kind: 'law-firm' }, () => 'IncidentDescription', ['IncidentDescription']),
    step(
      'IncidentDescription',
      { kind: 'description' },
      (lead) => (lead.hit_and_run === 'yes' ? 'HitAndRunIdentified' : afterDescription()),
      ['HitAndRunIdentified', onward],
    ),
    step(
      'HitAndRunIdentified',
      { kind: 'choice', options: yesNo('hit_and_run_identified') },
      (lead) => (lead.hit_and_run_identified === 'yes' ? afterDescription() : 'UninsuredMotoristCoverage'),
      [onward, 'UninsuredMotoristCoverage'],
    ),
    step(
      'UninsuredMotoristCoverage',
      { kind: 'choice', options: yesNo('uninsured_motorist_coverage') },
      afterDescription,
      [onward],
    ),
    step('AllPii', { kind: 'all-pii' }, () => SUBMIT, [SUBMIT]),
    { ...step('ZipCode', { kind: 'zip' }, () => 'NameAndEmail', ['NameAndEmail']), consent: 'find-buyers' },
    step(
      'NameAndEmail',
      { kind: 'name-email' },
      (lead) => (lead.state !== '' && options.dateOfBirthStates.includes(lead.state) ? 'DateOfBirth' : lastStep(lead)),
      [...(options.dateOfBirthStates.length > 0 ? ['DateOfBirth'] : []), ...lastSteps],
      (lead) => (options.buyersConsent && lead['1_to_1_consent'] === 'yes' ? ['heatmap-consent-event'] : []),
    ),
    step('DateOfBirth', { kind: 'date-of-birth' }, lastStep, lastSteps),
    step('PhoneAndZip', { kind: 'phone-zip' }, () => SUBMIT, [SUBMIT]),
    { ...step('PhoneAndBuyersConsent', { kind: 'phone' }, () => SUBMIT, [SUBMIT]), consent: 'choose-buyers' },
    step('PhoneAbbreviatedTCPA', { kind: 'phone' }, () => SUBMIT, [SUBMIT]),
  ];

  // Steps a variant can never reach are left out, so every listed step is reachable.
  const unused = new Set<string>([
    ...(options.combinedLastStep ? ['ZipCode', 'NameAndEmail', 'DateOfBirth', 'PhoneAndZip'] : ['AllPii']),
    ...(options.buyersConsent ? ['PhoneAndZip'] : ['ZipCode', 'PhoneAndBuyersConsent', 'PhoneAbbreviatedTCPA']),
    ...(options.skipCaseWorth ? ['AutoAccidentCaseWorth'] : []),
    ...(options.skipLawyerFollowUps
      ? [
          'ConfirmationHasLawyer',
          'InterestedInFunding',
          'FundingAmount',
          'HasCaseBeenSettled',
          'HasReceivedFunding',
          'LawFirmDetails',
        ]
      : []),
    ...(options.dateOfBirthStates.length === 0 ? ['DateOfBirth'] : []),
  ]);

  return {
    id: options.id,
    first: 'StartPath',
    steps: steps.filter((s) => !unused.has(s.id)),
    policy: options.policy,
    ending: { destination: 'post-lead', after: 'redirect' },
    remotePhoneCheck: true,
    topic: 'accident',
  };
}

export const EXTENDED_DEFAULTS: ExtendedFlowOptions = {
  id: 'extended',
  skipCaseWorth: false,
  skipLawyerFollowUps: false,
  combinedLastStep: false,
  buyersConsent: false,
  v4Fault: false,
  dateOfBirthStates: [],
  // §4 re-tagging: the main flow uses the 50-state list.
  policy: policy({ retagStates: FIFTY_STATES }),
};

export const EXTENDED_FLOW = makeExtendedFlow(EXTENDED_DEFAULTS);
