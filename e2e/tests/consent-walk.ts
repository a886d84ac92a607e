import { expect, type Page } from '@playwright/test';
import { pick, shownStep } from './survey-steps';

export async function expectStep(page: Page, id: string, timeout?: number) {
  await expect(page.locator(`section[data-step="${id}"]`)).toBeVisible({ timeout });
}

/** The lead id the page posts to /post-lead, read once the post has gone out. */
export function postedLeadId(page: Page): () => string {
  let id = '';
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/post-lead')) return;
    const body: unknown = JSON.parse(request.postData() ?? '{}');
    if (typeof body === 'object' && body !== null && 'lead_id' in body) id = String(body.lead_id);
  });
  return () => id;
}

/**
 * A consent-variant walk (§4 "Consent variant": ZipCode, NameAndEmail, then the phone step) up to the step
 * after NameAndEmail, on `path`, in `zip`'s state; injured or not (the sample buyers take injured leads).
 */
export async function walkToConsent(
  page: Page,
  path: string,
  zip: string,
  injured = true,
  zipWaitMs?: number,
  email = 'ana.ruiz@example.com',
) {
  await page.goto(path);
  await pick(page, 'car');
  await expectStep(page, 'WhenWasTheAccident');
  const date = new Date(Date.now() - 40 * 86_400_000);
  await shownStep(page).locator('select[name="injury_year"]').selectOption(String(date.getUTCFullYear()));
  await shownStep(page)
    .locator('select[name="injury_month"]')
    .selectOption(String(date.getUTCMonth() + 1).padStart(2, '0'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await pick(page, 'not_at_fault');
  if (injured) {
    await pick(page, 'Whiplash');
    await pick(page, 'Emergency Room');
  } else {
    await pick(page, 'not_injured');
  }
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await shownStep(page)
    .locator('textarea[name="case_description"]')
    .fill('A van rear-ended me at the red light on the highway');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'ZipCode');
  await shownStep(page).locator('input[name="zip_code"]').fill(zip);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'NameAndEmail', zipWaitMs);
  await shownStep(page).locator('input[name="first_name"]').fill('Ana');
  await shownStep(page).locator('input[name="last_name"]').fill('Ruiz');
  await shownStep(page).locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function fillPhone(page: Page, phone = '5125550100') {
  await shownStep(page).locator('input[name="phone"]').fill(phone);
}

/**
 * A visitor of their own (issue 28): a buyer takes one contact once (delivery's duplicate rule), so a walk
 * that reads where its lead was sold must not share its email and phone with the other walks.
 */
export function ownVisitor(tag: string): { email: string; phone: string } {
  const n = Math.floor(Math.random() * 100);
  return { email: `ana.${tag}.${Date.now()}@example.com`, phone: `51255501${String(n).padStart(2, '0')}` };
}
