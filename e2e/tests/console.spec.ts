/**
 * The operator console in a real browser (issue 16), on the built app and the real server: sign-in and
 * sign-out, the API's 401 and 403 as a browser meets them, the leads list with every filter, search and
 * paging, the CSV export, a lead's page, deliveries (pause, an edit checked by the buyers file's schema,
 * a dead job retried), leads not sent for want of a buyer re-routed once the buyers are fixed (issue 30),
 * the quarantine (a refused body fixed and replayed), a deletion request processed end to end, and a
 * visitor's hostile name and description shown as text with nothing run.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { e2eServerEnv } from '../e2e-server-env';
import {
  addOperator,
  deletionRequest,
  HOSTILE_DESCRIPTION,
  HOSTILE_LAST_NAME,
  HOSTILE_NAME,
  OPERATOR,
  postLead,
  surveyLead,
} from './console-data';
import { startOwnServer, type OwnServer } from './own-server';

/** A server of this spec's own, on a fresh database: the lists below count the leads posted here. */
let server: OwnServer;
let BASE = '';
/** Another site, as the browser sees it (its page is made by the test). */
const OTHER_SITE = 'http://other-site.example';
const SHOTS = path.resolve('test-results/console-shots');

const ids: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer(e2eServerEnv());
  BASE = server.url;
  addOperator(server.dataDir);
  const api = await playwrightRequest.newContext();
  const leads: [string, Record<string, unknown>][] = [
    ['ana', { first_name: 'Ana', last_name: 'Ruiz', email: 'ana.console@example.com', phone: '(512) 555-0177' }],
    [
      'hostile',
      {
        first_name: HOSTILE_NAME,
        last_name: HOSTILE_LAST_NAME,
        case_description: HOSTILE_DESCRIPTION,
        email: 'hostile@example.com',
        phone: '(512) 555-0102',
      },
    ],
    [
      'nina',
      { first_name: 'Nina', last_name: 'Park', email: 'nina@example.com', phone: '(212) 555-0103', zip_code: '10001' },
    ],
    [
      'omar',
      {
        first_name: 'Omar',
        last_name: 'Haddad',
        email: 'omar@example.com',
        phone: '(512) 555-0104',
        with_Lawyer: 'yes',
        lawyer_choice: undefined,
      },
    ],
    ['lena', { first_name: 'Lena', last_name: 'Moss', email: 'lena@example.com', phone: '(512) 555-0105' }],
  ];
  for (const [key, overrides] of leads) {
    const posted = await postLead(api, BASE, surveyLead(BASE, overrides));
    expect(posted.status, key).toBe(201);
    ids[key] = posted.id;
  }
  await api.dispose();
});

test.afterAll(async () => {
  await server?.close();
});

async function signIn(page: Page): Promise<void> {
  const res = await page.request.post(`${BASE}/api/console/sign-in`, { data: OPERATOR });
  expect(res.status()).toBe(200);
}

/** The names in the leads table, once the list of the address's filters and page has loaded. */
async function shownNames(page: Page): Promise<string[]> {
  const wanted = new URLSearchParams(new URL(page.url()).search).toString();
  const loaded = page.locator('#console-root section');
  await expect
    .poll(async () => {
      const query = await loaded.first().getAttribute('data-loaded');
      return query === null ? null : new URLSearchParams(query).toString();
    })
    .toBe(wanted);
  return page.locator('table.console-table tbody tr td:nth-child(2)').allInnerTexts();
}

async function noScriptRan(page: Page): Promise<void> {
  expect(await page.evaluate(() => Object.getOwnPropertyDescriptor(window, '__x'))).toBeUndefined();
  await expect(page.locator('#console-root img')).toHaveCount(0);
  await expect(page.locator('#console-root script')).toHaveCount(0);
}

test('the API answers 401 without a session and 403 from another site, in the browser too', async ({ page }) => {
  await page.goto(`${BASE}/console`);
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  // The page's own fetch, with no session: 401 and the stable code.
  const answer = await page.evaluate(async () => {
    const res = await fetch('/api/console/leads');
    return { status: res.status, body: (await res.json()) as unknown };
  });
  expect(answer).toEqual({ status: 401, body: expect.objectContaining({ error: 'unauthorized' }) });

  // Signed in, then another site's page (served here by the test, with no policy of ours): a link to the
  // console's API and a form posting to sign-out both reach the server, which refuses them with 403.
  await signIn(page);
  expect((await page.request.get(`${BASE}/api/console/me`)).status()).toBe(200);
  await page.route(`${OTHER_SITE}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<a id="get" href="${BASE}/api/console/leads">leads</a>
        <form id="post" method="POST" enctype="text/plain" action="${BASE}/api/console/sign-out"><button>go</button></form>`,
    }),
  );
  await page.goto(`${OTHER_SITE}/`);
  const refusedGet = page.waitForResponse((res) => res.url() === `${BASE}/api/console/leads`);
  await page.locator('#get').click();
  expect((await refusedGet).status()).toBe(403);
  await expect(page.locator('body')).toContainText('forbidden');

  await page.goto(`${OTHER_SITE}/`);
  const refusedPost = page.waitForResponse((res) => res.url() === `${BASE}/api/console/sign-out`);
  await page.locator('#post button').click();
  expect((await refusedPost).status()).toBe(403);
  // The session was not ended by the other site's post.
  expect((await page.request.get(`${BASE}/api/console/me`)).status()).toBe(200);
});

test('an operator signs in (a wrong password is told), sees the leads, and signs out', async ({ page }) => {
  await page.goto(`${BASE}/console/leads`);
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/console/leads`);
  expect(await shownNames(page)).toEqual(expect.arrayContaining(['Ana Ruiz', 'Nina Park', 'Omar Haddad']));
  await expect(page.getByRole('banner')).toContainText(OPERATOR.email);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
  expect((await page.request.get(`${BASE}/api/console/leads`)).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
});

test('a hostile name and case description are shown as text, and nothing runs', async ({ page }) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads`);
  await expect(page.getByText(`${HOSTILE_NAME} ${HOSTILE_LAST_NAME}`)).toBeVisible();
  await noScriptRan(page);
  await page.getByRole('link', { name: `${HOSTILE_NAME} ${HOSTILE_LAST_NAME}` }).click();
  await expect(page.getByTestId('lead-name')).toHaveText(`${HOSTILE_NAME} ${HOSTILE_LAST_NAME}`);
  await expect(page.getByTestId('case-description')).toHaveText(HOSTILE_DESCRIPTION);
  await noScriptRan(page);
});

test('the leads list filters by every field of the API, searches by email or phone, and pages', async ({ page }) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads`);
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  const apply = async (fill: (page: Page) => Promise<unknown>) => {
    await page.getByRole('link', { name: 'Clear' }).click();
    await fill(page);
    await page.getByRole('button', { name: 'Apply' }).click();
    return shownNames(page);
  };
  const all = ['Lena Moss', 'Omar Haddad', 'Nina Park', `${HOSTILE_NAME} ${HOSTILE_LAST_NAME}`, 'Ana Ruiz'];
  expect(await apply(async () => {})).toEqual(all);

  expect(await apply((p) => p.getByLabel('Name, email or phone').fill('ANA.CONSOLE@example.com'))).toEqual([
    'Ana Ruiz',
  ]);
  expect(await apply((p) => p.getByLabel('Name, email or phone').fill('212-555-0103'))).toEqual(['Nina Park']);
  expect(await apply((p) => p.getByLabel('State').selectOption('NY'))).toEqual(['Nina Park']);
  expect(await apply((p) => p.getByLabel('Qualified').selectOption('no'))).toEqual([
    'Omar Haddad',
    `${HOSTILE_NAME} ${HOSTILE_LAST_NAME}`,
  ]);
  expect(await apply((p) => p.getByLabel('DQ reason').fill('name_gibberish|yes'))).toEqual([
    `${HOSTILE_NAME} ${HOSTILE_LAST_NAME}`,
  ]);
  expect(await apply((p) => p.getByLabel('Variant').fill('extended'))).toEqual(all);
  expect(await apply((p) => p.getByLabel('Variant').fill('ticket'))).toEqual([]);
  expect(await apply((p) => p.getByLabel('Language').selectOption('es'))).toEqual([]);
  expect(await apply((p) => p.getByLabel('Language').selectOption('en'))).toEqual(all);
  // 127.0.0.1 is no brand's host: the first brand's.
  expect(await apply((p) => p.getByLabel('Brand').selectOption('claim-check'))).toEqual(all);
  expect(await apply((p) => p.getByLabel('Brand').selectOption('injury-finder'))).toEqual([]);
  expect(await apply((p) => p.getByLabel('Received from').fill(tomorrow))).toEqual([]);
  expect(
    await apply(async (p) => {
      await p.getByLabel('Received from').fill(today);
      await p.getByLabel('Received to').fill(today);
    }),
  ).toEqual(all);
  // Qualified leads were sent to the sample buyers (the development fake buyer accepts them).
  await expect
    .poll(() => apply((p) => p.getByLabel('Delivery status').selectOption('accepted')), { timeout: 15_000 })
    .toEqual(['Lena Moss', 'Nina Park', 'Ana Ruiz']);
  expect(await apply((p) => p.getByLabel('Buyer').fill('empire-legal-partners'))).toEqual(['Nina Park']);
  await expect(page.locator(`tr[data-lead="${ids.nina}"]`)).toContainText('empire-legal-partners: accepted');
  // A bad filter is named.
  await page.goto(`${BASE}/console/leads?state=Texas`);
  await expect(page.getByRole('alert').first()).toContainText('state: A state is two letters');

  // Pages of two, newest first; Older goes on, Newest returns.
  await page.goto(`${BASE}/console/leads?limit=2`);
  expect(await shownNames(page)).toEqual(all.slice(0, 2));
  await page.getByRole('link', { name: 'Older' }).click();
  expect(await shownNames(page)).toEqual(all.slice(2, 4));
  await page.getByRole('link', { name: 'Older' }).click();
  expect(await shownNames(page)).toEqual(all.slice(4));
  await expect(page.getByRole('link', { name: 'Older' })).toHaveCount(0);
  await page.goBack();
  expect(await shownNames(page)).toEqual(all.slice(2, 4));
  await page.getByRole('link', { name: 'Newest' }).click();
  expect(await shownNames(page)).toEqual(all.slice(0, 2));
});

test('the CSV export downloads the filtered list', async ({ page }) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads?qualified=yes&state=TX`);
  expect(await shownNames(page)).toEqual(['Lena Moss', 'Ana Ruiz']);
  const download = page.waitForEvent('download');
  await page.getByTestId('csv-export').click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toContain('email');
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).join('\n')).toContain('lena@example.com');
  expect(lines.slice(1).join('\n')).toContain('ana.console@example.com');
  expect(lines.join('\n')).not.toContain('nina@example.com');
});

test("a lead's page shows its fields, steps, consent evidence, checks and delivery attempts", async ({ page }) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads`);
  await page.getByRole('link', { name: 'Nina Park' }).click();
  await expect(page.getByTestId('lead-name')).toHaveText('Nina Park');
  const summary = page.getByRole('definition');
  await expect(summary.filter({ hasText: 'nina@example.com' }).first()).toBeVisible();
  const steps = page.locator('section', { has: page.getByRole('heading', { name: 'Time on each step' }) });
  await expect(steps.getByRole('row', { name: 'WhenWasTheAccident 7' })).toBeVisible();
  await expect(steps.getByRole('row', { name: 'Total 25' })).toBeVisible();
  const consent = page.locator('dl[aria-label="Consent evidence"]');
  await expect(consent).toContainText('By clicking Get My Free Case Review you agree to be contacted.');
  await expect(consent).toContainText('/survey?sub1=console');
  await expect(page.locator('dl[aria-label="Validation results"]')).toContainText('Phone check');
  const job = page.locator('article[data-job]', { hasText: 'empire-legal-partners' });
  await expect(job).toContainText('accepted');
  await expect(job.getByRole('table')).toContainText('accepted');
  // The job's facts count its attempts (the table below lists them), never print them as JSON.
  const attempts = job.locator('dl[aria-label^="Job for"] .console-fact', { hasText: 'Attempts' }).locator('dd');
  await expect(attempts).toHaveText(String(await job.getByRole('table').locator('tbody tr').count()));
  await expect(page.locator('dl[aria-label="All fields"]')).toContainText('case_description');
});

test('deliveries: counts per buyer, pause and resume, an edit checked by the schema, a dead job retried', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto(`${BASE}/console/deliveries`);
  const lonestar = page.locator('tr[data-buyer="lone-star-injury-lawyers"]');
  await expect(lonestar.locator('[data-count="accepted"]')).toHaveText('2');

  // Pause and resume.
  await lonestar.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is paused' })).toBeVisible();
  await expect(lonestar).toContainText('paused');
  await lonestar.getByRole('button', { name: 'Resume' }).click();
  await expect(lonestar.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Issue 29: the buyer form. A wrong value is shown next to its field, in words, and nothing is saved.
  const storedPrice = async () => {
    const res = await page.request.get(`${BASE}/api/console/buyers`);
    const body: { buyers: { buyer: { key: string; price: number; target: { url: string } } }[] } = await res.json();
    return body.buyers.find((s) => s.buyer.key === 'lone-star-injury-lawyers')?.buyer;
  };
  const before = await storedPrice();
  if (!before) throw new Error('no lone-star buyer');
  await lonestar.getByRole('button', { name: 'Edit' }).click();
  const form = page.locator('form.buyer-form');
  const price = form.getByLabel('Price (US dollars per accepted lead)');
  const url = form.getByLabel('URL', { exact: true });
  const originalUrl = await url.inputValue();
  await price.fill('-5');
  await form.getByRole('button', { name: 'Save buyer' }).click();
  await expect(form.locator('#buyer-price-problems')).toHaveText('the price cannot be negative');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toContainText('Not saved');
  expect((await storedPrice())?.price).toBe(before.price);
  // A check only the server makes (the secret variable must be set) comes back next to its header.
  await price.fill('86.5');
  await form.getByRole('button', { name: 'Add a header' }).click();
  const header = form.getByRole('group', { name: 'Header' }).last();
  await header.getByLabel('Header name').fill('Authorization');
  await header.getByLabel('Variable name').fill('BUYER_SECRET_NOT_SET_IN_E2E');
  await form.getByRole('button', { name: 'Save buyer' }).click();
  await expect(form.getByRole('group', { name: 'Header Authorization' })).toContainText(
    'environment variable BUYER_SECRET_NOT_SET_IN_E2E is not set',
  );
  expect((await storedPrice())?.price).toBe(before.price);
  // A variable outside the allow-list is refused before sending, by the shared schema.
  await header.getByLabel('Variable name').fill('DATABASE_URL');
  await form.getByRole('button', { name: 'Save buyer' }).click();
  await expect(form.getByRole('group', { name: 'Header Authorization' })).toContainText('BUYER_SECRET_');
  await form.getByRole('group', { name: 'Header Authorization' }).getByRole('button', { name: 'Remove' }).click();
  // A good edit is saved and shown (still the best price for Texas, so the next lead goes to it). Nothing listens on port 9: every delivery to it fails, and dies when its
  // short retry window ends.
  await url.fill('http://127.0.0.1:9/refused');
  await form.getByRole('button', { name: 'Save buyer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'saved' })).toBeVisible();
  await expect(lonestar).toContainText('$86.50');
  expect(await storedPrice()).toMatchObject({ price: 86.5, target: { url: 'http://127.0.0.1:9/refused' } });

  const posted = await postLead(
    page.request,
    BASE,
    surveyLead(BASE, { first_name: 'Dora', last_name: 'Reyes', email: 'dora@example.com', phone: '(512) 555-0106' }),
  );
  expect(posted.status).toBe(201);
  const deadRow = page.locator(`tr[data-job]`, { has: page.locator(`a[href="/console/leads/${posted.id}"]`) });
  await expect(async () => {
    await page.reload();
    await expect(deadRow).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(lonestar.locator('[data-count="failed"]')).toHaveText('1');

  // The buyer is reachable again: the retried job is delivered.
  await lonestar.getByRole('button', { name: 'Edit' }).click();
  await form.getByLabel('Price (US dollars per accepted lead)').fill(String(before.price));
  await form.getByLabel('URL', { exact: true }).fill(originalUrl);
  await form.getByRole('button', { name: 'Save buyer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'saved' })).toBeVisible();
  await deadRow.getByRole('button', { name: 'Retry this job' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Job queued again' })).toBeVisible();
  await expect(deadRow).toHaveCount(0);
  await page.goto(`${BASE}/console/leads/${posted.id}`);
  const job = page.locator('article[data-job]', { hasText: 'lone-star-injury-lawyers' });
  await expect(async () => {
    await page.reload();
    await expect(job).toContainText('accepted', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  // Every attempt is listed: the refused ones, then the accepted one.
  await expect(job.getByRole('row').filter({ hasText: 'failed' }).first()).toBeVisible();
  await expect(job.getByRole('row').filter({ hasText: 'accepted' })).toHaveCount(1);
  await expect(page.getByText('retry_job by ops@example.com')).toBeVisible();
});

test('leads not sent for want of a buyer are listed, and re-routed from the console once the buyers are fixed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto(`${BASE}/console/deliveries`);
  // Every buyer paused (as an instance with a stale buyers file did, issue 30): a new lead finds no buyer.
  await expect(page.locator('tr[data-buyer]').first()).toBeVisible();
  const keys = await page.locator('tr[data-buyer]').evaluateAll((rows) => rows.map((row) => row.dataset.buyer ?? ''));
  const setAll = async (action: 'pause' | 'resume') => {
    for (const key of keys) {
      expect((await page.request.post(`${BASE}/api/console/buyers/${key}/${action}`)).status()).toBe(200);
    }
  };
  await setAll('pause');
  const posted = await postLead(
    page.request,
    BASE,
    surveyLead(BASE, { first_name: 'Gus', last_name: 'Ortiz', email: 'gus@example.com', phone: '(512) 555-0108' }),
  );
  expect(posted.status).toBe(201);

  await page.reload();
  const list = page.getByRole('table', { name: 'Leads not sent' });
  const row = list.locator(`tr[data-not-sent="${posted.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-reason="no_eligible_buyer"]')).toHaveText(/No buyer took this lead/);

  // The buyers fixed, then the leads routed again from the console.
  await setAll('resume');
  await page.reload();
  await page.getByRole('button', { name: /^Re-route \d+ lead\(s\)$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /[1-9]\d* lead\(s\) routed/ })).toBeVisible();
  await expect(row).toHaveCount(0);

  // The lead went to a buyer.
  await page.goto(`${BASE}/console/leads/${posted.id}`);
  const job = page.locator('article[data-job]').first();
  await expect(async () => {
    await page.reload();
    await expect(job).toContainText('accepted', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test('quarantine: a refused body is shown with its errors, fixed and replayed into a lead', async ({ page }) => {
  await signIn(page);
  const refused = surveyLead(BASE, {
    first_name: 'Ivy',
    last_name: HOSTILE_NAME,
    email: 'ivy-at-example.com',
    phone: '(512) 555-0107',
  });
  const res = await page.request.post(`${BASE}/post-lead`, { data: refused });
  expect(res.status()).toBe(400);
  await page.goto(`${BASE}/console/quarantine`);
  const found = page.locator('article[data-quarantined]', { hasText: 'ivy-at-example.com' });
  await expect(found.getByTestId('quarantine-errors')).toContainText('email');
  const entry = page.locator(`article[data-quarantined="${await found.getAttribute('data-quarantined')}"]`);
  await noScriptRan(page);
  const body = entry.getByLabel('Body (fix it, then replay)');
  await body.fill(JSON.stringify({ ...refused, email: 'ivy@example.com', last_name: 'Stone' }, null, 2));
  await entry.getByRole('button', { name: 'Replay' }).click();
  await expect(page.getByRole('status').filter({ hasText: `stored as lead ${String(refused.lead_id)}` })).toBeVisible();
  await expect(entry).toHaveCount(0);
  await page.getByRole('button', { name: 'replayed' }).click();
  await expect(page.locator('article[data-quarantined]', { hasText: String(refused.lead_id) })).toContainText(
    'Stored as lead',
  );
  await page.goto(`${BASE}/console/leads?q=ivy@example.com`);
  expect(await shownNames(page)).toEqual(['Ivy Stone']);
  // Issue 29, finding 2: the lead's own page says it was replayed, by whom, and what changed.
  ids.replayed = String(refused.lead_id);
  await page.goto(`${BASE}/console/leads/${String(refused.lead_id)}`);
  const replayed = page.getByTestId('replayed');
  await expect(replayed).toContainText(`Replayed from the quarantine by ${OPERATOR.email}`);
  await expect(replayed).toContainText('email: ivy-at-example.com → ivy@example.com');
  await expect(replayed).toContainText('last_name:');
});

test("a deletion request is reviewed before anything is deleted: a stranger's lead matched by phone only is kept", async ({
  page,
}) => {
  await signIn(page);
  // Issue 29, finding 3: the form gives Ana's email and a stranger's phone.
  const stranger = await postLead(
    page.request,
    BASE,
    surveyLead(BASE, {
      first_name: 'Omar',
      last_name: 'Vega',
      email: 'omar.stranger@example.com',
      phone: '(512) 555-0188',
    }),
  );
  expect(stranger.status).toBe(201);
  const sent = await page.request.post(`${BASE}/api/opt-out`, {
    data: deletionRequest('ana.console@example.com', '(512) 555-0188'),
  });
  expect(sent.status()).toBe(201);
  await page.goto(`${BASE}/console/privacy`);
  const row = page.locator('tr[data-request]', { hasText: 'ana.console@example.com' });
  await expect(row).toContainText('Delete my information');
  await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(row).toContainText('Ana Ruiz');
  await expect(row).toContainText('1 Main St, Austin, TX 78701');
  await row.getByRole('button', { name: 'Review deletion' }).click();
  const review = page.getByTestId('deletion-review');
  await review
    .getByLabel('Note (how the request was verified)')
    .fill('identity checked by email; the phone is not hers');
  const anaLead = review.locator(`[data-review-lead="${ids.ana}"]`);
  const strangerLead = review.locator(`[data-review-lead="${stranger.id}"]`);
  await expect(anaLead).toContainText('Matched by email: matched by email only: its phone differs');
  await expect(strangerLead).toContainText('Matched by phone: matched by phone only: its email differs');
  // Nothing is proposed when the request's identifiers disagree: the operator chooses.
  await expect(anaLead.getByRole('checkbox')).not.toBeChecked();
  await expect(strangerLead.getByRole('checkbox')).not.toBeChecked();
  await anaLead.getByRole('checkbox').check();
  await expect(review.getByRole('checkbox', { name: /^phone:/ })).not.toBeChecked();
  await expect(review.getByRole('checkbox', { name: /^email:/ })).toBeChecked();
  await review.getByRole('button', { name: 'Delete 1 lead(s) and complete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Completed: 1 lead(s) anonymized, email suppressed' }),
  ).toBeVisible();
  await expect(page.locator('tr[data-request]').filter({ hasText: 'completed' })).toContainText(OPERATOR.email);

  await page.goto(`${BASE}/console/leads/${stranger.id}`);
  await expect(page.getByTestId('lead-name')).toHaveText('Omar Vega');
  await expect(page.getByTestId('anonymized')).toHaveCount(0);
  await page.goto(`${BASE}/console/leads/${ids.ana}`);
  await expect(page.getByTestId('anonymized')).toBeVisible();
  await expect(page.locator('#console-root')).not.toContainText('ana.console@example.com');
  await expect(page.locator('#console-root')).not.toContainText('Ruiz');
  await page.goto(`${BASE}/console/leads?q=ana.console@example.com`);
  await expect(page.getByText('No lead matches these filters.')).toBeVisible();
});

test('analytics and experiments have their places; every screen at 375 and 1280 px', async ({ page }) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads`);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Experiments' }).click();
  await expect(page.getByRole('heading', { name: 'Experiments' })).toBeVisible();

  mkdirSync(SHOTS, { recursive: true });
  // An open deletion request whose review the screenshots show (issue 29).
  const open = await page.request.post(`${BASE}/api/opt-out`, {
    data: deletionRequest('nina@example.com', '(212) 555-0103'),
  });
  expect(open.status()).toBe(201);
  const screens = [
    ['leads', '/console/leads'],
    ['lead', `/console/leads/${ids.nina}`],
    ['hostile', `/console/leads/${ids.hostile}`],
    ['deliveries', '/console/deliveries'],
    ['quarantine', '/console/quarantine?status=replayed'],
    ['privacy', '/console/privacy'],
    ['replayed', `/console/leads/${ids.replayed}`],
  ] as const;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url] of screens) {
      await page.goto(`${BASE}${url}`);
      await expect(page.getByRole('status')).toHaveCount(0);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-top.png`) });
    }
    // Issue 29: a deletion request's review, open.
    await page.goto(`${BASE}/console/privacy`);
    const open = page.locator('tr[data-request]').filter({ hasText: 'nina@example.com' });
    await open.getByRole('button', { name: 'Review deletion' }).click();
    await expect(page.getByTestId('deletion-review')).toContainText('differs from the requester');
    await page.getByTestId('deletion-review').screenshot({ path: path.join(SHOTS, `privacy-review-${width}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `privacy-review-${width}-page.png`), fullPage: true });
  }
  await page.request.post(`${BASE}/api/console/sign-out`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${BASE}/console`);
    await expect(page.getByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `sign-in-${width}.png`) });
  }
});
