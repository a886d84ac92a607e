/**
 * Data for the console's browser tests (issue 16), made the way production makes it: leads posted to the
 * real intake (POST /post-lead) as the survey posts them, refused bodies (kept in the quarantine) and
 * privacy requests from the opt-out form's endpoint; the operator added by the operator command.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { leadBody } from '../../apps/server/test/lead-body';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const OPERATOR = { email: 'ops@example.com', password: 'correct horse battery staple' };

/**
 * `npm run operator -- add EMAIL` on the server whose data folder is `dataDir`, the password on standard input
 * (as a script gives it).
 */
export function addOperator(dataDir: string): void {
  execFileSync('npm', ['run', '-s', 'operator', '--', 'add', OPERATOR.email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' },
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

/** What the /survey walk posts (the server tests' body), landing on this server, three weeks after the accident. */
export function surveyLead(base: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return leadBody({
    ...recentAccident(),
    landing_page: base,
    landing_page_url: `${base}/survey?sub1=console`,
    time_on_steps: 'StartPath:2|AutoAccidentCaseWorth:3|WhenWasTheAccident:7|AtFault:2|PhoneAndZip:11',
    sub_id: 'console',
    ...overrides,
  });
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
