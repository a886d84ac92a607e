import type { Catalog } from './catalog';

const YES_NO = { yes: 'Yes', no: 'No' };
const LAWYER = {
  have_lawyer: 'I have a lawyer',
  need_lawyer: 'I NEED a lawyer',
  want_new_lawyer: 'I want a new lawyer',
};

export const en: Catalog = {
  steps: {
    StartPath: {
      title: 'What kind of accident were you in?',
      hint: 'Answer a few quick questions to see if you qualify for a free case review.',
      labels: {
        car: 'Car accident',
        truck: 'Truck accident',
        motorcycle: 'Motorcycle accident',
        rideshare: 'Rideshare (Uber / Lyft)',
        pedestrian_or_bicycle: 'Pedestrian or bicycle',
        other: 'Other vehicle accident',
      },
    },
    AutoAccidentCaseWorth: {
      title: 'Do you think your case could be worth compensation?',
      labels: { i_think_so: 'I Think So', not_sure: 'Not Sure' },
    },
    WhenWasTheAccident: { title: 'When did the accident happen?', hint: 'Pick the month; add the day if you know it.' },
    AtFault: {
      title: 'Who caused the accident?',
      labels: {
        another_person: 'Another person caused it',
        me: 'I was found at-fault',
        road_or_animal: 'Road conditions or an animal',
      },
    },
    WasUserInjured: {
      title: 'Were you injured? Choose your main injury.',
      labels: {
        'Back or Neck Pain': 'Back or neck pain',
        'Broken Bones': 'Broken bones',
        Whiplash: 'Whiplash',
        'Head Injury': 'Head injury',
        'Spinal Cord Injury': 'Spinal cord injury',
        'Loss of Limb': 'Loss of limb',
        'Cuts and Bruises': 'Cuts and bruises',
        'Other Injury': 'Other injury',
        not_injured: 'I was not injured',
      },
    },
    ActiveInsurancePolicy: { title: 'Did you have an active auto insurance policy at the time?', labels: YES_NO },
    MissedWork: { title: 'Did you miss work because of your injuries?', labels: YES_NO },
    SpeakingWithADoctor: { title: 'Are you speaking with a doctor about your injuries?', labels: YES_NO },
    DidYouReceiveMedicalTreatment: {
      title: 'What medical treatment did you receive?',
      labels: {
        Ambulance: 'Ambulance',
        'Emergency Room': 'Emergency room',
        "Doctor's Office": "Doctor's office",
        'No Treatment': 'No treatment',
      },
    },
    WillingToTreat: { title: 'Would you be willing to see a doctor about your injuries?', labels: YES_NO },
    PoliceReportFiled: { title: 'Was a police report filed?', labels: { ...YES_NO, not_sure: 'Not sure' } },
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
    IncidentDescription: {
      title: 'Briefly describe what happened',
      hint: 'For example: where it happened, what the other driver did, and how you were hurt.',
      labels: { case_description: 'What happened?' },
    },
    HitAndRunIdentified: { title: 'Was the driver who fled later identified?', labels: YES_NO },
    UninsuredMotoristCoverage: {
      title: 'Do you have uninsured motorist (UM) coverage on your own policy?',
      labels: YES_NO,
    },
    AllPii: {
      title: 'Where should we send your free case review?',
      labels: {
        first_name: 'First name',
        last_name: 'Last name',
        email: 'Email',
        phone: 'Phone',
        zip_code: 'Zip code',
      },
    },
    NameAndEmail: {
      title: 'Where should we send your free case review?',
      labels: { first_name: 'First name', last_name: 'Last name', email: 'Email' },
    },
    DateOfBirth: { title: 'What is your date of birth?', labels: { date_of_birth: 'Date of birth' } },
    PhoneAndZip: {
      title: 'Last step: how can an attorney reach you?',
      labels: { phone: 'Phone', zip_code: 'Zip code' },
    },
  },
  ui: {
    continue: 'Continue',
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
    charactersNeeded: (n) => (n === 1 ? '1 more character needed' : `${n} more characters needed`),
    hitAndRun: 'The other driver fled the scene (hit and run)',
    callInstead: 'Prefer to talk? Call',
    secure: 'Your information is 100% secure and confidential.',
    consent: (brand) =>
      `By clicking "Get My Free Case Review", I agree that ${brand} and its attorney partners may contact me at the phone number and email I provided, including by autodialed calls, prerecorded messages and texts, about my accident claim. Consent is not a condition of any service. Message and data rates may apply.`,
  },
  footer: {
    advertisement:
      'This website is a paid advertisement. We are not a law firm and do not provide legal advice. Submitting information does not create an attorney-client relationship.',
    attorneyAdvertising: 'Attorney advertising. Prior results do not guarantee a similar outcome.',
    averageClaim: 'Average settlement claim: $20K.',
    copyright: (year, brand) => `© ${year} ${brand}. All rights reserved.`,
  },
  thankYou: {
    title: 'Thank you! Your accident may be worth mid to high value.',
    worth: 'An attorney partner will review the details you shared.',
    nextStepsTitle: 'What happens next',
    nextSteps: [
      { title: 'Confirmation', text: 'We have received your information.' },
      { title: 'Attorney follow-up', text: 'An attorney partner may call you to discuss your accident.' },
      { title: 'Case activation', text: 'If your case is accepted, the attorney starts working on it.' },
      { title: 'Settlement', text: 'Your attorney works to get you the compensation you deserve.' },
    ],
    reviewButton: 'Get a free claim review by phone',
    disqualifiedTitle: 'Thank you for your submission.',
    disqualifiedText:
      'Based on your answers we may not be able to match you with an attorney right now. You can still call us to talk about your situation.',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist.',
    link: 'Start your free case review',
  },
  errors: {},
};
