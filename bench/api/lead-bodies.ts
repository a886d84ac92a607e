/**
 * bench:api's load: realistic POST /post-lead bodies as the survey page posts them (the /survey extended
 * walk, ~2 KB with a case description of a few sentences), each a new visitor (lead id, name, email, phone,
 * address) so that no per-contact or per-IP limit applies, parsed with the domain's own schema before use
 * (a body the server would refuse would measure the quarantine, not the intake).
 */
import { randomUUID } from 'node:crypto';
import { findBannedContent, LeadSubmissionSchema } from '@app/funnel';

const FIRST = ['Maria', 'James', 'Ana', 'Robert', 'Linda', 'Carlos', 'Susan', 'David', 'Rosa', 'Michael'];
const LAST = ['Lopez', 'Smith', 'Garcia', 'Johnson', 'Brown', 'Martinez', 'Davis', 'Miller', 'Wilson', 'Moore'];
const ZIPS = ['78701', '77002', '75201', '78205', '73301', '85004', '90012', '33130', '30303', '60601'];
/** Most visitors' mail is at a handful of providers. */
const MAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'aol.com'];
const AREA_CODES = ['512', '713', '214', '210', '737', '602', '213', '305', '404', '312'];
const STEPS = [
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
const DESCRIPTION =
  'I was stopped at a red light on Congress Avenue when a delivery truck came up behind me and hit my car. ' +
  'The impact pushed my car into the intersection and the airbag went off. My neck and lower back have ' +
  'hurt since that day and I went to the emergency room the same evening, where they took x-rays and said ' +
  'it was whiplash. I have been going to physical therapy twice a week and I missed two weeks of work. ' +
  'The police came and wrote a report, and the other driver told the officer he was looking at his phone. ' +
  'His insurance company keeps calling me and asking me to sign papers before I talk to anyone.';

// A realistic lead passes every check: a description the content filter flags measures the webhook path.
if (findBannedContent(DESCRIPTION).length > 0) throw new Error("the bench lead's description trips the content filter");

/** The n-th visitor's lead: unique id, contact and address, same walk. */
export function leadBody(n: number): Record<string, unknown> {
  const first = FIRST[n % FIRST.length] ?? 'Maria';
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length] ?? 'Lopez';
  // A valid US number: a real area code, an exchange 200-999, a line from the visitor's number.
  const exchange = 200 + (Math.floor(n / 10_000) % 800);
  const line = String(n % 10_000).padStart(4, '0');
  const body = {
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
    case_description: DESCRIPTION,
    hit_and_run: 'no',
    first_name: first,
    last_name: last,
    email: `${first}.${last}.${n}@${MAIL_DOMAINS[n % MAIL_DOMAINS.length] ?? 'gmail.com'}`.toLowerCase(),
    phone: `(${AREA_CODES[n % AREA_CODES.length] ?? '512'}) ${exchange}-${line}`,
    zip_code: ZIPS[n % ZIPS.length] ?? '78701',
    tcpa:
      'By clicking Get My Free Case Review, I agree to be contacted by a law firm or its agents about my ' +
      'accident at the phone number and email I gave, including by automated calls and text messages. ' +
      'Consent is not a condition of any purchase; message and data rates may apply.',
    landing_page: 'https://example.com',
    landing_page_url: `https://example.com/survey?sub1=fb-${n % 97}&affid=12&oid=81`,
    page_referer: 'https://www.facebook.com/',
    time_on_steps: STEPS.map((step, i) => `${step}:${2 + ((n + i) % 9)}`).join('|'),
    steps_path: STEPS,
    sub_id: `fb-${n % 97}`,
    sub_id2: 'campaign-accident-2026',
    sub_id3: 'adset-texas',
    sub_id4: '',
    click_id: `click-${n}`,
    affid: '12',
    oid: '81',
    ef_transaction_id: randomUUID().replaceAll('-', ''),
    lp_key: '',
    lp_campaign_id: '',
    lp_supplier_id: '',
    gclid: '',
    fbclid: `IwAR${randomUUID().replaceAll('-', '')}`,
  };
  const parsed = LeadSubmissionSchema.safeParse(body);
  if (!parsed.success) throw new Error(`bench lead ${n} fails the domain's schema: ${parsed.error.message}`);
  return body;
}

/** The n-th visitor's address (TRUST_PROXY names loopback): 10.x.y.z, one per visitor. */
export function visitorIp(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
