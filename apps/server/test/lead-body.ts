import { randomUUID } from 'node:crypto';

/** The /survey walk of an injured, treated visitor without a lawyer (§4 main extended flow). */
export const SURVEY_WALK = [
  'StartPath',
  'AutoAccidentCaseWorth',
  'WhenWasTheAccident',
  'AtFault',
  'WasUserInjured',
  'DidYouReceiveMedicalTreatment',
  'PoliceReportFiled',
  'HasLawyer',
  'IncidentDescription',
  'NameAndEmail',
  'PhoneAndZip',
];

/** A complete, valid POST /post-lead body from /survey: hit by another driver on 5 Oct 2026, Austin TX. */
export function leadBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lead_id: randomUUID(),
    variant: 'extended',
    language: 'en',
    accident_type: 'car',
    case_worth_known: 'I Think So',
    injury_year: '2026',
    injury_month: '10',
    injury_day: '05',
    at_Fault: 'no',
    fault_cause: 'another_person',
    physical_injury: 'Yes',
    specific_injury: 'Whiplash',
    doctor_treatment: 'Yes',
    treatment_type: 'Emergency Room',
    police_report: 'yes',
    with_Lawyer: 'no',
    lawyer_choice: 'need_lawyer',
    case_description: 'A truck ran the red light and hit my car on the driver side',
    hit_and_run: 'no',
    first_name: 'Maria',
    last_name: 'Lopez',
    email: 'maria@example.com',
    phone: '(512) 555-0100',
    zip_code: '78701',
    tcpa: 'By clicking Get My Free Case Review you agree to be contacted.',
    landing_page: 'http://localhost:3000',
    landing_page_url: 'http://localhost:3000/survey?sub1=abc',
    page_referer: '',
    time_on_steps: 'StartPath:2|AtFault:1',
    steps_path: SURVEY_WALK,
    sub_id: 'abc',
    sub_id2: '',
    sub_id3: '',
    sub_id4: '',
    click_id: '',
    affid: '1',
    oid: '81',
    ef_transaction_id: '',
    lp_key: '',
    lp_campaign_id: '',
    lp_supplier_id: '',
    gclid: '',
    fbclid: '',
    ...overrides,
  };
}

/** The ticket flow's steps, in order (§2 "Ticket flow"). */
export const TICKET_WALK = [
  'StartPathTicket',
  'StartTicketFlow',
  'TicketReceived',
  'SelectState',
  'SelectDate',
  'DoYouHaveAttorney',
  'IncidentDescription',
  'NameAndEmailTicket',
  'PhoneAndZip',
];

/** A complete, valid ticket lead from /ticket (posted to the lead-ingest endpoint, §4). */
export function ticketBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const common = without(
    leadBody(),
    'accident_type',
    'case_worth_known',
    'at_Fault',
    'fault_cause',
    'physical_injury',
    'specific_injury',
    'doctor_treatment',
    'treatment_type',
    'police_report',
  );
  return {
    ...common,
    variant: 'ticket',
    ticket_type: 'speeding',
    ticket_state: 'TX',
    case_description: 'I got a speeding ticket on I-35 going 80 in a 65 zone',
    landing_page_url: 'http://localhost:3000/ticket?sub1=abc',
    steps_path: TICKET_WALK,
    ...overrides,
  };
}

/**
 * A /survey/dui lead on the DUI path (§4): at fault with pending DUI charges, a refused test, no prior
 * offence; DUIIncidentDescription leads straight to the phone step.
 */
export function duiPathBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const common = without(
    leadBody(),
    'specific_injury',
    'doctor_treatment',
    'treatment_type',
    'police_report',
    'with_Lawyer',
    'lawyer_choice',
    'physical_injury',
  );
  return {
    ...common,
    variant: 'dui',
    landing_page_url: 'http://localhost:3000/survey/dui',
    at_Fault: 'yes',
    fault_cause: 'me',
    pending_dui_charges: 'yes',
    type_of_alcohol_test_performed: 'refused_test',
    bac_level: 'dont_know',
    prior_alcohol_related_offense: 'no',
    steps_path: [
      'StartPath',
      'NameAndEmail',
      'AutoAccidentCaseWorth',
      'WhenWasTheAccident',
      'AtFault',
      'PendingDUICharges',
      'TypeOfAlcoholTestPerformed',
      'UserHasDUI',
      'DUIIncidentDescription',
      'PhoneAndZip',
    ],
    ...overrides,
  };
}

/** A body without some of its fields (answers of steps another walk does not have). */
export function without(body: Record<string, unknown>, ...fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([field]) => !fields.includes(field)));
}

/** The one-to-one consent walk (§4 "Consent variant": the phone step that lists the firms). */
export const CONSENT_WALK = [
  'StartPath',
  'WhenWasTheAccident',
  'AtFault',
  'WasUserInjured',
  'DidYouReceiveMedicalTreatment',
  'PoliceReportFiled',
  'HasLawyer',
  'IncidentDescription',
  'ZipCode',
  'NameAndEmail',
  'PhoneAndBuyersConsent',
];

/** A consent-variant lead posted from `route` (v4nv-d1, -d2, -x1, -ep) with the visitor's consent fields. */
export function consentLeadBody(route: string, consent: Record<string, unknown>): Record<string, unknown> {
  return leadBody({
    variant: 'v4nv-consent',
    landing_page_url: `http://localhost:3000${route}`,
    steps_path: CONSENT_WALK,
    case_worth_known: undefined,
    partial_fault: 'no',
    '1_to_1_consent': 'yes',
    ...consent,
  });
}
