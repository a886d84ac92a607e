import { MESSAGES, US_STATE_NAMES } from '@app/funnel';
import type { Catalog } from '../catalog';

const YES_NO = { yes: 'Yes', no: 'No' };
const LAWYER = {
  have_lawyer: 'I have a lawyer',
  need_lawyer: 'I NEED a lawyer',
  want_new_lawyer: 'I want a new lawyer',
};

const ACCIDENT_TYPES = {
  car: 'Car accident',
  truck: 'Truck accident',
  motorcycle: 'Motorcycle accident',
  rideshare: 'Rideshare (Uber / Lyft)',
  pedestrian_or_bicycle: 'Pedestrian or bicycle',
  other: 'Other vehicle accident',
};
const FAULT = {
  another_person: 'Another person caused it',
  me: 'I was found at-fault',
  road_or_animal: 'Road conditions or an animal',
  not_at_fault: 'I was not at fault',
  partially_at_fault: 'I was partially at fault',
  at_fault: 'I was at fault',
};
const INJURIES = {
  'Back or Neck Pain': 'Back or neck pain',
  'Broken Bones': 'Broken bones',
  Whiplash: 'Whiplash',
  'Head Injury': 'Head injury',
  'Spinal Cord Injury': 'Spinal cord injury',
  'Loss of Limb': 'Loss of limb',
  'Cuts and Bruises': 'Cuts and bruises',
  'Other Injury': 'Other injury',
  not_injured: 'I was not injured',
};
const TREATMENT = {
  Ambulance: 'Ambulance',
  'Emergency Room': 'Emergency room',
  "Doctor's Office": "Doctor's office",
  'No Treatment': 'No treatment',
};
const POLICE = { ...YES_NO, not_sure: 'Not sure' };
const VEHICLES = {
  'Personal Vehicle': 'Personal vehicle',
  'Work Vehicle': 'Work vehicle',
  Motorcycle: 'Motorcycle',
  'Not Sure': 'Not sure',
};
const CONTACT = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  zip_code: 'Zip code',
};
const DESCRIPTION = {
  title: 'Briefly describe what happened',
  hint: 'For example: where it happened, what the other driver did, and how you were hurt.',
  labels: { case_description: 'What happened?' },
};
const NAME_EMAIL = { title: 'Where should we send your free case review?', labels: CONTACT };
const PHONE_ZIP = { title: 'Last step: how can an attorney reach you?', labels: CONTACT };
const WHEN = { title: 'When did the accident happen?', hint: 'Pick the month; add the day if you know it.' };
// Issue 11: the description of a case with no other driver (the ticket flow, the DUI stop).
const TICKET_DESCRIPTION = {
  title: 'Briefly describe what happened',
  hint: 'For example: what you were stopped for, where it happened, and what the officer told you.',
  labels: { case_description: 'What happened?' },
};

export const catalog: Catalog = {
  meta: {
    title: 'Free Car Accident Case Review',
    description: 'Hurt in a car accident? Answer a few questions and get a free case review.',
  },
  topicMeta: {
    'traffic-ticket': {
      title: 'Free Traffic Ticket Review',
      description: 'Got a traffic ticket? Answer a few questions and a traffic attorney in your state can review it.',
    },
    benefits: {
      title: 'Check Your Eligibility',
      description: 'Answer three questions to see whether you may be eligible.',
    },
  },
  steps: {
    StartPath: {
      title: 'What kind of accident were you in?',
      hint: 'Answer a few quick questions to see if you qualify for a free case review.',
      labels: { ...ACCIDENT_TYPES, start: 'Start' },
    },
    AutoAccidentCaseWorth: {
      title: 'Do you think your case could be worth compensation?',
      labels: { i_think_so: 'I Think So', not_sure: 'Not Sure' },
    },
    WhenWasTheAccident: WHEN,
    AtFault: { title: 'Who caused the accident?', labels: FAULT },
    WasUserInjured: { title: 'Were you injured in the accident?', labels: { ...INJURIES, ...YES_NO } },
    ActiveInsurancePolicy: { title: 'Did you have an active auto insurance policy at the time?', labels: YES_NO },
    MissedWork: { title: 'Did you miss work because of your injuries?', labels: YES_NO },
    SpeakingWithADoctor: { title: 'Are you speaking with a doctor about your injuries?', labels: YES_NO },
    DidYouReceiveMedicalTreatment: { title: 'What medical treatment did you receive?', labels: TREATMENT },
    // Issue 28: the minimal variant asks it with Yes/No answers.
    DidYouReceiveMedicalTreatmentYesNo: {
      title: 'Did you receive medical treatment for your injuries?',
      labels: YES_NO,
    },
    WillingToTreat: { title: 'Would you be willing to see a doctor about your injuries?', labels: YES_NO },
    PoliceReportFiled: { title: 'Was a police report filed?', labels: POLICE },
    HasLawyer: { title: 'Do you have a lawyer for this accident?', labels: LAWYER },
    ConfirmationHasLawyer: {
      title: 'Just to confirm: is a lawyer already working on this accident?',
      labels: {
        have_lawyer: 'Yes, I have a lawyer',
        need_lawyer: 'No, I need a lawyer',
        want_new_lawyer: 'Yes, but I want a new lawyer',
      },
    },
    InterestedInFunding: {
      title: 'Would you like a cash advance on your settlement while your case is open?',
      labels: YES_NO,
    },
    FundingAmount: {
      title: 'How much funding do you need?',
      labels: {
        under_2500: 'Under $2,500',
        '2500_5000': '$2,500 – $5,000',
        '5000_10000': '$5,000 – $10,000',
        over_10000: 'Over $10,000',
      },
    },
    HasCaseBeenSettled: { title: 'Has your case already settled?', labels: YES_NO },
    HasReceivedFunding: { title: 'Have you already received funding for this case?', labels: YES_NO },
    LawFirmDetails: {
      title: 'Who is your lawyer?',
      labels: { law_firm_name: 'Law firm name', attorney_name: 'Attorney name' },
    },
    IncidentDescription: DESCRIPTION,
    HitAndRunIdentified: { title: 'Was the driver who fled later identified?', labels: YES_NO },
    UninsuredMotoristCoverage: {
      title: 'Do you have uninsured motorist (UM) coverage on your own policy?',
      labels: YES_NO,
    },
    AllPii: NAME_EMAIL,
    NameAndEmail: NAME_EMAIL,
    // Issue 11: the visitor is told why it is asked.
    DateOfBirth: {
      title: 'What is your date of birth?',
      hint: 'Attorneys in your state need it to confirm your identity and that you can sign for your own claim. It is never shown to anyone else.',
      labels: { date_of_birth: 'Date of birth' },
    },
    PhoneAndZip: PHONE_ZIP,
    // Variants A, B, C and the social-drop family (§2).
    OtherDriversVehicleType: { title: 'What was the other driver driving?', labels: VEHICLES },
    TypeOfMedicalTreatment: { title: 'What medical treatment did you receive?', labels: TREATMENT },
    SocialDropPII: { title: 'Who should we send your free case review to?', labels: CONTACT },
    WereYouInAMotorVehicleAccident: { title: 'Were you in a motor vehicle accident?', labels: YES_NO },
    SocialDropWhenWasTheAccident: WHEN,
    DidYouRequireMedicalTreatment: { title: 'Did your injuries require medical treatment?', labels: YES_NO },
    WillYouRequireMedicalTreatment: { title: 'Do you expect to need medical treatment?', labels: YES_NO },
    // DUI (§4).
    PendingDUICharges: { title: 'Are you facing DUI charges from this accident?', labels: YES_NO },
    TypeOfAlcoholTestPerformed: {
      title: 'What alcohol test was performed?',
      labels: {
        breath: 'Breath test',
        blood: 'Blood test',
        urine: 'Urine test',
        no_test: 'No test',
        refused_test: 'I refused the test',
      },
    },
    BACMeasuredByTest: {
      title: 'What blood alcohol level did the test measure?',
      labels: { under_08: 'Under 0.08', '08_to_15': '0.08 to 0.15', over_15: 'Over 0.15', dont_know: "I don't know" },
    },
    UserHasDUI: { title: 'Have you had an alcohol-related offense before?', labels: YES_NO },
    DUIIncidentDescription: {
      ...DESCRIPTION,
      title: 'Briefly describe what happened when you were stopped',
      hint: 'For example: why the police stopped you, which test was done, and what you were told.',
    },
    // VW3 (§2). Issue 11: /survey/vw opens on this step; one line says what the visitor is starting.
    WhenWasTheAccidentVW3: {
      ...WHEN,
      hint: 'Answer 9 quick questions to see if you qualify for a free case review. Pick the month; add the day if you know it.',
    },
    AtFaultVW3: { title: 'Who caused the accident?', labels: FAULT },
    WasUserInjuredVW3: { title: 'Were you injured in the accident?', labels: YES_NO },
    TypeOfMedicalTreatmentVW3: { title: 'What medical treatment did you receive?', labels: TREATMENT },
    PoliceReportFiledVW3: { title: 'Was a police report filed?', labels: POLICE },
    HasLawyerVW3: { title: 'Do you have a lawyer for this accident?', labels: LAWYER },
    IncidentDescriptionVW3: DESCRIPTION,
    NameAndEmailVW3: NAME_EMAIL,
    PhoneAndZipVW3: PHONE_ZIP,
    // Social video (§2).
    WhenWasTheAccidentTikTok: WHEN,
    PoliceReportFiledTikTok: { title: 'Was a police report filed?', labels: POLICE },
    IncidentDescriptionTikTok: DESCRIPTION,
    NameAndEmailTikTok: NAME_EMAIL,
    PhoneAndZipTikTok: PHONE_ZIP,
    // Short 2 and the name-first short (§2).
    HowWasUserHurt: { title: 'Were you hurt in the accident?', labels: YES_NO },
    DescribeInjuries: { title: 'What was your main injury?', labels: { injury_type: 'Main injury' } },
    PoliceReport: { title: 'Was a police report filed?', labels: POLICE },
    HasAttorney: { title: 'Do you have a lawyer for this accident?', labels: LAWYER },
    Description: DESCRIPTION,
    EmailAndName: NAME_EMAIL,
    ZipAndPhone: PHONE_ZIP,
    TypeOfAccident: { title: 'What kind of accident were you in?', labels: ACCIDENT_TYPES },
    // Forms (§2, §5).
    ShowQuestions: {
      title: 'See if you qualify for a free case review',
      hint: 'Three short pages of questions, about 2 minutes.',
      labels: { start: 'Start my free case review' },
    },
    FormFirstQuestions: { title: 'About the accident' },
    FormSecondQuestions: { title: 'When it happened and your treatment' },
    FormThirdQuestions: { title: 'How can an attorney reach you?' },
    OnePageForm: { title: 'Get your free case review' },
    // Ticket flow (§2).
    StartPathTicket: {
      title: 'Did you get a traffic ticket?',
      hint: 'A traffic lawyer may be able to get it reduced or dismissed. Free review, no obligation.',
      labels: { got_ticket: 'Yes, I got a ticket' },
    },
    StartTicketFlow: {
      title: 'A ticket lawyer may be able to help. Let’s check your options.',
      hint: 'A few quick questions about your ticket, about 1 minute.',
      labels: { start: 'Start my free ticket review' },
    },
    TicketReceived: {
      title: 'What was the ticket for?',
      labels: {
        speeding: 'Speeding',
        red_light: 'Running a red light',
        reckless_driving: 'Reckless driving',
        dui: 'DUI / DWI',
        no_insurance: 'Driving without insurance',
        other: 'Something else',
      },
    },
    SelectState: { title: 'In which state did you get the ticket?', labels: { ticket_state: 'State' } },
    SelectDate: { title: 'When did you get the ticket?' },
    DoYouHaveAttorney: { title: 'Do you have a lawyer for this ticket?', labels: LAWYER },
    NameAndEmailTicket: NAME_EMAIL,
    // Eligibility (§2).
    SelectAgeGroup: {
      title: 'How old are you?',
      labels: {
        under_18: 'Under 18',
        '18_to_24': '18 to 24',
        '25_to_44': '25 to 44',
        '45_to_64': '45 to 64',
        '65_plus': '65 or older',
      },
    },
    USCitizen: { title: 'Are you a US citizen?', labels: YES_NO },
    SecuredBenefits: { title: 'Have you already secured benefits?', labels: YES_NO },
    // v4 / v5 / v7 names (§2).
    GetStartedFirstStep: {
      title: 'Hurt in an accident? See what your case could be worth.',
      labels: { get_started: 'Get started' },
    },
    AccidentResultInMedicalTreatment: {
      title: 'Did the accident result in medical treatment?',
      labels: YES_NO,
    },
    ZipCode: { title: 'What is your zip code?', labels: CONTACT },
    PhoneAndBuyersConsent: PHONE_ZIP,
    PhoneAbbreviatedTCPA: PHONE_ZIP,
  },
  ui: {
    continue: 'Continue',
    checking: 'Checking…',
    back: 'Back',
    submit: 'Get My Free Case Review',
    submitting: 'Submitting your case review…',
    progressLabel: 'COMPLETE',
    optional: 'optional',
    year: 'Year',
    month: 'Month',
    day: 'Day',
    dayUnknown: "I don't remember",
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    earlierThan: (year) => `Earlier than ${year}`,
    charactersNeeded: (n) => (n === 1 ? '1 more character needed' : `${n} more characters needed`),
    hitAndRun: 'The other driver fled the scene (hit and run)',
    callInstead: 'Prefer to talk? Call',
    secure: 'Your information is 100% secure and confidential.',
    otherLanguage: 'Español',
  },
  footer: {
    advertisement:
      'This website is a paid advertisement. We are not a law firm and do not provide legal advice. Submitting information does not create an attorney-client relationship.',
    attorneyAdvertising: 'Attorney advertising. Prior results do not guarantee a similar outcome.',
    averageClaim: 'Average settlement claim: $20K.',
    copyright: '© {year} {brand}. All rights reserved.',
    linksLabel: 'Legal and privacy',
    privacy: 'Privacy Policy',
    terms: 'Terms of Use',
    doNotSell: 'Do Not Sell or Share My Information',
    sponsors: 'Sponsors',
    secure: '100% secure and confidential.',
  },
  fieldLabels: {
    ...CONTACT,
    address: 'Street address',
    accident_type: 'Type of accident',
    physical_injury: 'Were you injured?',
    police_report: 'Was a police report filed?',
    at_Fault: 'Were you at fault?',
    with_Lawyer: 'Do you have a lawyer?',
    injury_year: 'Year of the accident',
    injury_month: 'Month of the accident',
    doctor_treatment: 'Did you see a doctor?',
    when_seek_medical_treatment: 'When did you first get treatment?',
    case_description: 'What happened?',
  },
  values: {
    accident_type: ACCIDENT_TYPES,
    // Issue 28: the ticket's state picker shows names.
    ticket_state: US_STATE_NAMES,
    physical_injury: { Yes: 'Yes', No: 'No' },
    doctor_treatment: { Yes: 'Yes', No: 'No' },
    police_report: POLICE,
    at_Fault: YES_NO,
    with_Lawyer: YES_NO,
    when_seek_medical_treatment: {
      first_week: 'In the first week',
      within_a_month: 'Within a month',
      later: 'Later',
      not_yet: 'Not yet',
    },
    injury_type: { ...INJURIES, None: 'No injury' },
  },
  endScreens: {
    done: 'Thank you! Your case review request is in.',
    doneText: 'An attorney partner may contact you shortly about your accident.',
    eligible: 'Good news: you may be eligible.',
    eligibleText: 'Call us to talk about the next steps.',
    notEligible: {
      under18: {
        title: 'A parent or guardian needs to apply for you.',
        text: 'Benefits for someone under 18 are claimed by a parent or guardian. Ask one of them to call us, and we will go through it together.',
      },
      notCitizen: {
        title: 'You may not be eligible for these benefits.',
        text: 'The benefits this check is about are for US citizens. If you are not sure what applies to you, call us and we will tell you.',
      },
      benefitsSecured: {
        title: 'You already have benefits.',
        text: 'We help people secure benefits they do not have yet. If your benefits were cut, denied or are not enough, call us to talk it over.',
      },
      other: {
        title: 'Thank you for your answers.',
        text: 'Based on your answers you may not be eligible right now. You can still call us to talk about your situation.',
      },
    },
  },
  disqualifiedPanel: {
    title: 'Thank you for your submission.',
    text: 'Based on your answers we may not be able to match you with an attorney right now. You can still call us to talk about your situation.',
  },
  thankYou: { reviewButton: 'Get a free claim review by phone' },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist.',
    link: 'Start your free case review',
  },
  errors: MESSAGES,
  topicSteps: {
    // Issue 28: the eligibility flow is about benefits after an accident, not the accident's type.
    benefits: {
      StartPath: {
        title: 'Could you get benefits after your accident?',
        hint: 'Three quick questions show if you may be eligible.',
        labels: { start: 'Start' },
      },
      SecuredBenefits: { title: 'Do you already receive benefits for your injuries?', labels: YES_NO },
    },
    'traffic-ticket': {
      IncidentDescription: TICKET_DESCRIPTION,
      PhoneAndZip: { title: 'Last step: how can a traffic attorney reach you?', labels: CONTACT },
    },
  },
  // Issue 13: one-to-one consent and SMS verification.
  interactions: {
    buyersTitle: 'Law firms that may contact you',
    buyersHint: 'All are selected. Untick any firm you do not want to hear from.',
    firstModalTitle: 'You unselected some law firms',
    firstModalText:
      'Fewer firms may mean fewer chances to find the right attorney for your case. Continue with the firms you kept?',
    keepSelection: 'Continue with my selection',
    reviewFirms: 'Review the law firms',
    secondModalTitle: 'No law firm is selected',
    secondModalText: 'Without at least one law firm, no attorney can contact you about your case review.',
    selectAllContinue: 'Select all firms and continue',
    continueWithout: 'Continue without a law firm',
    smsTitle: 'Verify your phone number',
    smsText: (phone) => `We sent a 6-digit code by text message to ${phone}. Enter it below.`,
    smsCodeLabel: 'Verification code',
    smsVerify: 'Verify',
    smsResend: 'Send a new code',
    smsResendIn: (seconds) => `You can ask for a new code in ${seconds} s`,
    smsSendFailed: 'We could not send a code to this number. Check it and try again.',
    smsSkip: 'Change my phone number',
    smsContinueUnverified: 'Continue without verifying',
  },
};
