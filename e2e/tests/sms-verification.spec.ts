/**
 * Issue 13, spec §4 "Phone verification", §5, §7, §9: on the routes that set it (/survey/v4nv-rz,
 * /survey/v4nv-es) the lead is sent once the phone passed an SMS check. The code comes from a server of the
 * test's own (the offline provider writes it to the development log); the server, not the page, sets
 * sms_verified on the stored lead.
 */
import { expect, test, type Page } from '@playwright/test';
import { INCORRECT_CODE_MESSAGE, VERIFICATION_FAILED_MESSAGE } from '@app/funnel';
import { postedLeadId } from './consent-walk';
import { startOwnServer, type OwnServer } from './own-server';
import { storedLeadIn } from './stored-lead-row';
import { answerDescription, answerNameAndEmail, answerRecentDate, pick, shownStep } from './survey-steps';

let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server.close();
});

/** The codes the offline provider wrote to the log, newest last. */
function codes(): string[] {
  return server
    .logs()
    .filter((l) => typeof l.code === 'string')
    .map((l) => String(l.code));
}

async function walkToPhone(page: Page, landing: string, phone: string, submit = 'Get My Free Case Review') {
  await page.goto(`${server.url}${landing}`);
  await pick(page, 'car');
  await answerRecentDate(page);
  await pick(page, 'not_at_fault');
  await pick(page, 'Whiplash');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await answerDescription(page);
  await answerNameAndEmail(page);
  await expect(page.locator('section[data-step="PhoneAndZip"]')).toBeVisible();
  await shownStep(page).locator('input[name="phone"]').fill(phone);
  await shownStep(page).locator('input[name="zip_code"]').fill('78701');
  await page.getByRole('button', { name: submit }).click();
}

test('happy path: the code sent to the phone is approved, the lead goes, and the server marks it verified', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  const earlier = codes().length;
  const sent: unknown[] = [];
  page.on('request', (r) => r.url().endsWith('/api/verify/send') && sent.push(JSON.parse(r.postData() ?? '{}')));
  await walkToPhone(page, '/survey/v4nv-rz', '5125550101');
  const modal = page.getByTestId('sms-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('(512) 555-0101');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: 'test-results/screens/sms-modal-375.png' });
  // §7: the phone in +1 format, stripped of spaces, brackets and dashes.
  expect(sent).toEqual([{ phone: '+15125550101' }]);
  await expect.poll(() => codes().length).toBe(earlier + 1);
  await modal.locator('input[name="sms_code"]').fill(codes().at(-1) ?? '');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(storedLeadIn(server.dataDir, leadId())).toMatchObject({ sms_verified: 'yes', phone: '5125550101' });
});

test('a short code and a wrong code give §5 messages; the lead is not sent until the right one', async ({ page }) => {
  const leadId = postedLeadId(page);
  const earlier = codes().length;
  await walkToPhone(page, '/survey/v4nv-rz', '5125550102');
  const modal = page.getByTestId('sms-modal');
  await expect.poll(() => codes().length).toBe(earlier + 1);
  const code = codes().at(-1) ?? '';
  await modal.locator('input[name="sms_code"]').fill('123');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal).toContainText(INCORRECT_CODE_MESSAGE);
  const wrong = code === '000000' ? '111111' : '000000';
  await modal.locator('input[name="sms_code"]').fill(wrong);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal).toContainText(VERIFICATION_FAILED_MESSAGE);
  expect(leadId()).toBe('');
  await modal.locator('input[name="sms_code"]').fill(code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(storedLeadIn(server.dataDir, leadId())).toMatchObject({ sms_verified: 'yes' });
});

test('a new code only after 30 s, with a visible countdown; the new code works', async ({ page }) => {
  test.setTimeout(120_000);
  await walkToPhone(page, '/survey/v4nv-rz', '5125550103');
  const modal = page.getByTestId('sms-modal');
  await expect(page.getByTestId('sms-countdown')).toHaveText(/You can ask for a new code in (30|29) s/);
  await expect(modal.getByRole('button', { name: 'Send a new code' })).toHaveCount(0);
  await page.waitForTimeout(2500);
  await expect(page.getByTestId('sms-countdown')).toHaveText(/in 2[6-8] s/);
  await expect(modal.getByRole('button', { name: 'Send a new code' })).toBeVisible({ timeout: 32_000 });
  const before = codes().length;
  await modal.getByRole('button', { name: 'Send a new code' }).click();
  await expect.poll(() => codes().length).toBe(before + 1);
  await expect(page.getByTestId('sms-countdown')).toBeVisible();
  const leadId = postedLeadId(page);
  await modal.locator('input[name="sms_code"]').fill(codes().at(-1) ?? '');
  await modal.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(storedLeadIn(server.dataDir, leadId())).toMatchObject({ sms_verified: 'yes' });
});

test('in Spanish: §5 message translated; changing the phone closes the modal and sends no lead', async ({ page }) => {
  const leadId = postedLeadId(page);
  await walkToPhone(page, '/survey/v4nv-es', '5125550104', 'Obtener mi revisión gratuita');
  const modal = page.getByTestId('sms-modal');
  await expect(modal).toBeVisible();
  await modal.locator('input[name="sms_code"]').fill('12');
  await modal.getByRole('button', { name: 'Verificar' }).click();
  await expect(modal).toContainText('Código incorrecto');
  await modal.getByRole('button', { name: 'Cambiar mi número de teléfono' }).click();
  await expect(modal).toBeHidden();
  await expect(page.locator('section[data-step="PhoneAndZip"]')).toBeVisible();
  await page.waitForTimeout(500);
  expect(leadId()).toBe('');
});
