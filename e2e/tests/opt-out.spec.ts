/**
 * The opt-out form `/do-not-sell-my-information` (spec §3, §4, §5, §8, §9; issue 12) in a real browser
 * against the real server: every §5 message the form can show, word for word, beside its field; the
 * authorized-agent fields; the scroll to the first error with a 100 px offset; no reCAPTCHA without a site
 * key; success stored with its due date and the browser's Global Privacy Control; the §8 thank-you text
 * also when the send fails.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { OPT_OUT_MESSAGES as M } from '@app/funnel';
import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { E2E_DATA_DIR } from '../e2e-env';
import { holdTheApp } from './hold-the-app';

const THANK_YOU = 'Thank you for submitting your info. We will contact you shortly.';

const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

async function submit(page: Page) {
  await page.getByRole('button', { name: 'Submit request' }).click();
}

async function fillVisitor(page: Page, email = 'opt.out@example.com') {
  await page.getByLabel('First name', { exact: true }).fill('Rosa');
  await page.getByLabel('Last name', { exact: true }).fill('Diaz');
  await page.getByLabel('Street address').fill('12 Elm St');
  await page.getByLabel('City').fill('Fresno');
  await page.getByLabel('State, territory or province').selectOption('CA');
  await page.getByLabel('Zip or postal code').fill('93721');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone number', { exact: true }).pressSequentially('5595550123');
}

const StoredRequestSchema = z.object({
  id: z.string(),
  received_at: z.string(),
  due_at: z.string(),
  request_types: z.string(),
  form_data: z.string(),
  sec_gpc: z.string(),
});
const CreatedSchema = z.object({ id: z.string(), due_at: z.string() });

/** The row the real server wrote, straight from its SQLite file. */
function storedRequest(id: string): z.infer<typeof StoredRequestSchema> {
  const db = new Database(path.join(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return StoredRequestSchema.parse(
      db
        .prepare('SELECT id, received_at, due_at, request_types, form_data, sec_gpc FROM opt_out_requests WHERE id = ?')
        .get(id),
    );
  } finally {
    db.close();
  }
}

/** 15 business days (weekends skipped) after the day of receipt in Hawaii: db/opt-out-due-date.ts's rule. */
function fifteenBusinessDaysAfter(receivedAt: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Honolulu' }).format(new Date(receivedAt));
  const date = new Date(`${day}T00:00:00Z`);
  for (let added = 0; added < 15;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) added += 1;
  }
  return date.toISOString().slice(0, 10);
}

test.beforeEach(async ({ page }) => {
  await page.goto('/do-not-sell-my-information');
});

test('an empty form shows every field’s §5 message, announced, and moves focus to the first', async ({ page }) => {
  await submit(page);
  await expect(page.getByRole('alert')).toHaveText('Please fix 12 fields.');
  const expected: Record<string, string> = {
    firstName: M.firstName,
    lastName: M.lastName,
    address: M.address,
    city: M.city,
    state: M.state,
    zip: M.zip,
    email: M.emailRequired,
    phone: M.phoneRequired,
    authorizedAgent: M.selectOption,
    receive: M.selectOption,
    requests: M.selectRequest,
    agreeTerms: M.terms,
  };
  for (const [id, message] of Object.entries(expected)) await expect(errorOf(page, id), id).toHaveText(message);
  // Each message is tied to its control, which is marked invalid.
  await expect(page.locator('#firstName')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#firstName')).toHaveAttribute('aria-describedby', 'firstName-error');
  await expect(page.locator('#firstName')).toBeFocused();
  // No captcha without a site key: nothing drawn, and its message never shown.
  await expect(page.locator('.recaptcha')).toHaveCount(0);
  await expect(page.getByText(M.recaptcha)).toHaveCount(0);
});

test('email and phone: valid email, incomplete phone (§5, §9 14 characters)', async ({ page }) => {
  await page.getByLabel('Email', { exact: true }).fill('rosa@');
  const phone = page.getByLabel('Phone number', { exact: true });
  await phone.pressSequentially('559555');
  // §5: masked to (###) ###-#### as typed.
  await expect(phone).toHaveValue('(559) 555');
  await submit(page);
  await expect(errorOf(page, 'email')).toHaveText(M.emailInvalid);
  await expect(errorOf(page, 'phone')).toHaveText(M.phoneIncomplete);
  await phone.press('End');
  await phone.pressSequentially('0123');
  await expect(phone).toHaveValue('(559) 555-0123');
  await expect(errorOf(page, 'phone')).toHaveText('');
});

test('an authorized agent: the agent fields appear, with their own §5 messages', async ({ page }) => {
  await expect(page.locator('[data-agent-fields]')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.locator('[data-agent-fields]')).toBeVisible();
  await submit(page);
  await expect(errorOf(page, 'agentFirstName')).toHaveText(M.agentFirstName);
  await expect(errorOf(page, 'agentLastName')).toHaveText(M.agentLastName);
  await expect(errorOf(page, 'agentEmail')).toHaveText(M.emailRequired);
  await expect(errorOf(page, 'agentPhone')).toHaveText(M.agentPhoneRequired);
  await expect(errorOf(page, 'agreeTermsAgent')).toHaveText(M.agentTerms);
  await page.getByLabel('Agent email').fill('agent@');
  await page.getByLabel('Agent phone number').pressSequentially('212');
  await submit(page);
  await expect(errorOf(page, 'agentEmail')).toHaveText(M.emailInvalid);
  await expect(errorOf(page, 'agentPhone')).toHaveText(M.agentPhoneIncomplete);
  // Back to "no": the agent fields go, and so do their errors.
  await page.getByRole('radio', { name: 'No' }).check();
  await expect(page.locator('[data-agent-fields]')).toHaveCount(0);
  await expect(errorOf(page, 'agreeTermsAgent')).toHaveCount(0);
});

test('§5: on failure the page scrolls to the first error with a 100 px offset', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await fillVisitor(page);
  await page.getByRole('button', { name: 'Submit request' }).scrollIntoViewIfNeeded();
  await submit(page);
  // The first error is the agent yes/no group, below the visitor's fields.
  await expect(errorOf(page, 'authorizedAgent')).toHaveText(M.selectOption);
  await expect
    .poll(() =>
      page.evaluate(() => Math.round(document.getElementById('agent-group')?.getBoundingClientRect().top ?? -1)),
    )
    .toBe(100);
  await expect(page.getByRole('radio', { name: 'Yes' })).toBeFocused();
});

test('a complete request is stored with its due date and the browser’s Global Privacy Control', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true });
  });
  await page.goto('/do-not-sell-my-information');
  await expect(page.getByText('Your browser sends a Global Privacy Control signal')).toBeVisible();
  await fillVisitor(page, `gpc.${Date.now()}@example.com`);
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('By email').check();
  await page.getByLabel('Opt out of the sale or sharing of my personal information').check();
  await page.getByLabel(/I declare that the information above is true/).check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/opt-out'));
  await submit(page);
  const response = await answer;
  expect(response.status()).toBe(201);
  const { id, due_at } = CreatedSchema.parse(await response.json());
  // §4: editing -> loading -> the thank-you text (§8 word for word).
  await expect(page.locator('[data-status="dataSent"] p')).toHaveText(THANK_YOU);
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeFocused();
  const stored = storedRequest(id);
  expect(stored.due_at).toBe(due_at);
  expect(stored.due_at).toBe(fifteenBusinessDaysAfter(stored.received_at));
  expect(stored.sec_gpc).toBe('yes');
  expect(JSON.parse(stored.request_types)).toEqual(['optOutOfSaleOrSharingOfInformation']);
  expect(JSON.parse(stored.form_data)).toMatchObject({
    firstName: 'Rosa',
    state: 'CA',
    phone: '(559) 555-0123',
    authorizedAgent: 'no',
    receiveInformationEmail: true,
    agreeTerms: true,
    project: 'claim-check',
  });
});

test('an agent’s request to delete is stored with the agent and a 45-day due date', async ({ page }) => {
  await fillVisitor(page, `agent.${Date.now()}@example.com`);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('Agent first name').fill('Sam');
  await page.getByLabel('Agent last name').fill('Lee');
  await page.getByLabel('Agent email').fill('sam@agency.example');
  await page.getByLabel('Agent phone number').pressSequentially('2125550199');
  await page.getByLabel('By mail').check();
  await page.getByLabel('Delete my personal information').check();
  await page.getByLabel(/I declare that the information above is true/).check();
  await page.getByLabel(/As the authorized agent/).check();
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/opt-out'));
  await submit(page);
  const { id } = CreatedSchema.parse(await (await answer).json());
  await expect(page.getByText(THANK_YOU)).toBeVisible();
  const stored = storedRequest(id);
  const received = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Honolulu' }).format(
    new Date(stored.received_at),
  );
  const due = new Date(`${received}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 45);
  expect(stored.due_at).toBe(due.toISOString().slice(0, 10));
  expect(JSON.parse(stored.form_data)).toMatchObject({ agentPhone: '(212) 555-0199', agreeTermsAgent: true });
});

test('what a visitor fills in before the page is live is kept: masked, revealing, and sent (issue 10)', async ({
  page,
}) => {
  const release = await holdTheApp(page);
  await page.goto('/do-not-sell-my-information', { waitUntil: 'commit' });
  // The server's HTML only: no handler runs, the phone is not masked, "Yes" reveals nothing yet.
  await fillVisitor(page, `early.${Date.now()}@example.com`);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('By email').check();
  await page.getByLabel('Opt out of the sale or sharing of my personal information').check();
  await page.getByLabel(/I declare that the information above is true/).check();
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('5595550123');
  await expect(page.locator('[data-agent-fields]')).toHaveCount(0);
  release();
  // Live: the page's own handlers took every edit.
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('(559) 555-0123');
  await expect(page.locator('[data-agent-fields]')).toBeVisible();
  // Later edits render the form again; what was typed before stays.
  await page.getByLabel('Agent first name').fill('Sam');
  await page.getByLabel('Agent last name').fill('Lee');
  await page.getByLabel('Agent email').fill('sam@agency.example');
  await page.getByLabel('Agent phone number').pressSequentially('2125550199');
  await page.getByLabel(/As the authorized agent/).check();
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Rosa');
  await expect(page.getByLabel('State, territory or province')).toHaveValue('CA');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/opt-out'));
  await submit(page);
  const response = await answer;
  expect(response.status()).toBe(201);
  const { id } = CreatedSchema.parse(await response.json());
  expect(JSON.parse(storedRequest(id).form_data)).toMatchObject({
    firstName: 'Rosa',
    lastName: 'Diaz',
    address: '12 Elm St',
    city: 'Fresno',
    state: 'CA',
    zip: '93721',
    phone: '(559) 555-0123',
    authorizedAgent: 'yes',
    receiveInformationEmail: true,
    agreeTerms: true,
    agentFirstName: 'Sam',
  });
  expect(JSON.parse(storedRequest(id).request_types)).toEqual(['optOutOfSaleOrSharingOfInformation']);
});

test('§8: a failed send still shows the thank-you text', async ({ page }) => {
  await page.route('**/api/opt-out', (route) => route.abort('failed'));
  await fillVisitor(page);
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByLabel('By email').check();
  await page.getByLabel('Tell me what personal information you hold about me').check();
  await page.getByLabel(/I declare that the information above is true/).check();
  await submit(page);
  await expect(page.getByText(THANK_YOU)).toBeVisible();
});

test('in Spanish, the messages are Spanish', async ({ page }) => {
  await page.goto('/do-not-sell-my-information?lang=es');
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(errorOf(page, 'firstName')).toHaveText('El nombre es obligatorio');
  await expect(errorOf(page, 'requests')).toHaveText('Debe seleccionar al menos una solicitud');
  await expect(errorOf(page, 'agreeTerms')).toHaveText('No ha aceptado los términos');
});
