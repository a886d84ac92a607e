/**
 * Data for the console's browser tests (issue 16), made the way production makes it: leads posted to the
 * real intake (POST /post-lead) as the survey posts them, refused bodies (kept in the quarantine) and
 * privacy requests from the opt-out form's endpoint; the operator added by the operator command.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR } from '../e2e-env';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const OPERATOR = { email: 'ops@example.com', password: 'correct horse battery staple' };

/** `npm run operator -- add EMAIL`, the password on standard input (as a script gives it). */
export function addOperator(): void {
  execFileSync('npm', ['run', '-s', 'operator', '--', 'add', OPERATOR.email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'error' },
    input: `${OPERATOR.password}\n`,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export const HOSTILE_NAME = '<img src=x onerror=window.__x=1>';
export const HOSTILE_LAST_NAME = '</script><script>window.__x=2</script>';
export const HOSTILE_DESCRIPTION =
  'A car hit me <img src=x onerror=window.__x=3> </script><script>window.__x=4</script>';

/** An accident three weeks before today, as the survey's date step gives it. */
function recentAccident() {
  const date = new Date(Date.now() - 21 * 86_400_000);
  return {
    injury_year: String(date.getUTCFullYear()),
    injury_month: String(date.getUTCMonth() + 1).padStart(2, '0'),
    injury_day: String(date.getUTCDate()).padStart(2, '0'),
  };
}

/** What the /survey walk posts (§4 main extended flow): injured, treated, not at fault, no lawyer. */
export function surveyLead(base: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    lead_id: randomUUID(),
    variant: 'extended',
    language: 'en',
    accident_type: 'car',
    case_worth_known: 'I Think So',
    ...recentAccident(),
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
    landing_page: base,
    landing_page_url: `${base}/survey?sub1=console`,
    page_referer: '',
    time_on_steps: 'StartPath:2|AutoAccidentCaseWorth:3|WhenWasTheAccident:7|AtFault:2|PhoneAndZip:11',
    steps_path: [
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
    ],
    sub_id: 'console',
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

/** Posts a lead to the intake as the survey does: the answer's status and the stored lead's id. */
export async function postLead(request: APIRequestContext, base: string, body: Record<string, unknown>) {
  const res = await request.post(`${base}/post-lead`, { data: body });
  const json: unknown = await res.json();
  const id = typeof json === 'object' && json !== null && 'id' in json ? String(json.id) : '';
  return { status: res.status(), id };
}

/** The opt-out form's request to delete a person's information (§3). */
export function deletionRequest(email: string, phone: string) {
  return {
    formData: {
      firstName: 'Ana',
      lastName: 'Ruiz',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      email,
      phone,
      authorizedAgent: 'no',
      receiveInformationEmail: true,
      requestToDeleteInformation: true,
      agreeTerms: true,
    },
    reCaptchaToken: '',
    type: 'do-not-sell-information-form',
  };
}
