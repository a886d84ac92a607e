/**
 * Funnel analytics and experiments in a real browser (issue 16), on the built app and the real server:
 * step snapshots and a lead posted over HTTP as the survey posts them, then the analytics screen's
 * numbers (a skipped branch is no drop-off); an experiment made on the experiments screen assigns a
 * visitor once (HttpOnly cookie), keeps the arm across reloads and shows per-arm figures; weights are
 * checked before saving; `npm run seed:demo` then fills both screens. Screenshots at 375 and 1280 px go
 * to test-results/analytics-shots (looked at, not committed). On a server of its own (tests/own-server.ts):
 * the screens count only what this spec posts, and its experiments assign no other spec's visitors.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2eServerEnv } from '../e2e-server-env';
import { startOwnServer, type OwnServer } from './own-server';
import { answerRecentDate, pick } from './survey-steps';

/** A server of this spec's own, on a fresh database: the screens count the snapshots and leads posted here. */
let server: OwnServer;
let BASE = '';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, 'test-results/analytics-shots');
const OPERATOR = { email: 'analyst@example.com', password: 'correct horse battery staple' };
const WALK = [
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

test.describe.configure({ mode: 'serial' });

function npm(args: string[], input = '') {
  return execFileSync('npm', ['run', '-s', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, LOG_LEVEL: 'error' },
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
}

test.beforeAll(async () => {
  server = await startOwnServer(e2eServerEnv());
  BASE = server.url;
  npm(['operator', '--', 'add', OPERATOR.email], `${OPERATOR.password}\n`);
});

test.afterAll(async () => {
  await server?.close();
});

async function signIn(page: Page) {
  const res = await page.request.post(`${BASE}/api/console/sign-in`, { data: OPERATOR });
  expect(res.status()).toBe(200);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** A session's snapshots, posted as the survey page posts its pending list. */
async function postWalk(request: APIRequestContext, steps: readonly string[], leadId?: string) {
  const session = randomUUID();
  const data = steps.map((step_id, i) => ({
    step_id,
    step_number: i + 1,
    ms_on_step: 2000 + 1000 * i,
    landing_page_url: `${BASE}/survey?sub1=analytics`,
    ...(leadId ? { lead_id: leadId } : {}),
    progress_tracking: [],
    time_on_steps: '',
    answers: {},
  }));
  const res = await request.post(`${BASE}/api/save-data`, { data: { session, data } });
  expect(res.status()).toBe(200);
}

function lead(leadId: string) {
  const date = new Date(Date.now() - 21 * 86_400_000);
  return {
    lead_id: leadId,
    variant: 'extended',
    language: 'en',
    accident_type: 'car',
    case_worth_known: 'I Think So',
    injury_year: String(date.getUTCFullYear()),
    injury_month: String(date.getUTCMonth() + 1).padStart(2, '0'),
    injury_day: String(date.getUTCDate()).padStart(2, '0'),
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
    first_name: 'Rosa',
    last_name: 'Diaz',
    email: 'rosa.diaz@example.com',
    phone: '(512) 555-0177',
    zip_code: '78701',
    tcpa: 'By clicking Get My Free Case Review you agree to be contacted.',
    landing_page: BASE,
    landing_page_url: `${BASE}/survey?sub1=analytics`,
    page_referer: '',
    time_on_steps: 'StartPath:2',
    steps_path: WALK,
    sub_id: 'analytics',
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
  };
}

const cell = (page: Page, step: string, col: string) =>
  page.locator(`[data-testid="funnel-steps"] tr[data-step="${step}"] td[data-col="${col}"]`);

test('the analytics screen shows the funnel the snapshots and the lead make', async ({ page }) => {
  const leadId = randomUUID();
  await postWalk(page.request, WALK, leadId);
  expect((await page.request.post(`${BASE}/post-lead`, { data: lead(leadId) })).status()).toBe(201);
  await postWalk(page.request, WALK.slice(0, 3));
  await postWalk(page.request, WALK.slice(0, 5));
  await postWalk(page.request, WALK.slice(0, 1));

  await signIn(page);
  await page.goto(`${BASE}/console/analytics`);
  await page.getByRole('tab', { name: /extended/ }).click();
  const summary = page.getByLabel('Summary');
  await expect(summary).toContainText('Sessions started4');
  await expect(summary).toContainText('Leads1');
  await expect(summary).toContainText('25.0%');
  await expect(cell(page, 'AutoAccidentCaseWorth', 'dropOff')).toHaveText('1');
  await expect(cell(page, 'AtFault', 'dropOff')).toHaveText('1');
  // WasUserInjured branches: the completed walk went to DidYouReceiveMedicalTreatment, skipping
  // ActiveInsurancePolicy, which is not a drop-off there.
  await expect(cell(page, 'ActiveInsurancePolicy', 'skipped')).toHaveText('2');
  await expect(cell(page, 'ActiveInsurancePolicy', 'dropOff')).toHaveText('0');
  await expect(cell(page, 'PhoneAndZip', 'medianMs')).toHaveText('12.0 s');
  await expect(page.getByTestId('unresolved-exits')).toContainText('WasUserInjured 1');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await shoot(page, 'analytics-walked');
});

test('an experiment assigns a visitor once, keeps the arm across reloads and reports it', async ({ page, browser }) => {
  await signIn(page);
  await page.goto(`${BASE}/console/experiments`);
  await page.getByRole('button', { name: 'New experiment' }).click();
  await page.getByLabel('Id', { exact: true }).fill('v2-vs-a');
  await page.getByLabel('Name', { exact: true }).fill('v2 against variant A');
  await page.getByLabel('Landing path').selectOption('/survey/v2');
  const arms = page.locator('fieldset');
  await arms.nth(0).getByLabel('Arm id').fill('control');
  await arms.nth(0).getByLabel('Variant').selectOption('variant-c');
  await arms.nth(1).getByLabel('Arm id').fill('a');
  await arms.nth(1).getByLabel('Variant').selectOption('spanish');
  await expect(page.getByRole('alert')).toContainText('spanish is not an English survey');
  await expect(page.getByRole('button', { name: 'Start experiment' })).toBeDisabled();
  await arms.nth(1).getByLabel('Variant').selectOption('variant-a');
  await page.getByRole('button', { name: 'Start experiment' }).click();
  const card = page.locator('[data-experiment="v2-vs-a"]');
  await expect(card).toBeVisible();

  const visitor = await browser.newContext();
  const tab = await visitor.newPage();
  const variantShown = async () => {
    await tab.goto(`${BASE}/survey/v2?sub1=x`);
    const data = JSON.parse((await tab.locator('#page-data').textContent()) ?? '{}') as {
      plan: { route: { variant: string } };
    };
    return data.plan.route.variant;
  };
  const first = await variantShown();
  expect(['variant-c', 'variant-a']).toContain(first);
  const [cookie] = await visitor.cookies();
  expect(cookie).toMatchObject({ name: 'fx_v2-vs-a', httpOnly: true, sameSite: 'Lax' });
  for (let i = 0; i < 3; i++) expect(await variantShown()).toBe(first);
  expect(await visitor.cookies()).toEqual([cookie]);
  // The page's scripts cannot read the assignment, so they cannot change it.
  expect(await tab.evaluate(() => document.cookie)).not.toContain('fx_');
  // A page view counts no one (issue 29, finding 11): the visitor is counted at the first answer.
  const saved = tab.waitForResponse((r) => r.url().endsWith('/api/save-data') && r.ok());
  // Variant A opens on a choice, variant C on the accident date.
  if (first === 'variant-a') await pick(tab, 'car');
  else await answerRecentDate(tab);
  await saved;
  await visitor.close();

  const arm = first === 'variant-a' ? 'a' : 'control';
  await page.reload();
  await expect(card.locator(`tr[data-arm="${arm}"] td[data-col="visitors"]`)).toHaveText('1');
  // Issue 29: the other arm has no visitor yet, so no P(best) is claimed for either.
  await expect(card.locator('td[data-col="pBestQualified"]').first()).toContainText('not enough data');

  // Weights are checked before they are sent; a valid change is saved.
  const weight = card.getByLabel('Weight of a');
  await weight.fill('-3');
  await expect(card.getByRole('alert')).toContainText('A weight is a whole number from 0 to 1000');
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await weight.fill('0');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('[data-experiment="v2-vs-a"]').getByLabel('Weight of a')).toHaveValue('0');
  await shoot(page, 'experiments-walked');
});

test('after npm run seed:demo both screens show the demo', async ({ page }) => {
  const out = npm(['seed:demo', '--', '--visitors', '250', '--days', '14']);
  expect(out).toMatch(/seed:demo: 250 visitors/);
  await signIn(page);
  await page.goto(`${BASE}/console/analytics`);
  await expect(page.getByRole('tab', { name: /spanish/ })).toBeVisible();
  await page.getByRole('tab', { name: /variant-a/ }).click();
  await expect(page.getByLabel('Summary')).not.toContainText('Sessions started0');
  await expect(page.getByTestId('dq-reasons')).toBeVisible();
  await shoot(page, 'analytics-demo');

  await page.goto(`${BASE}/console/experiments`);
  const demo = page.locator('[data-experiment="survey-main-vs-a"]');
  await expect(demo).toBeVisible();
  const visitors = await demo.locator('td[data-col="visitors"]').allTextContents();
  expect(visitors.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
  await expect(demo.locator('td[data-col="revenue"]').first()).toContainText('$');
  await shoot(page, 'experiments-demo');
});
