import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The step on screen. The survey keeps the steps ahead (and the one before) rendered but hidden
 * (apps/web/src/survey/step-view.tsx), so a field or an option is looked for in the visible step only.
 */
export function shownStep(page: Page): Locator {
  return page.locator('section[data-step]:visible');
}

/**
 * The lead id of a variant's saved session, once saved: the page saves its session after the step an
 * answer led to is painted (issue 10), so it is waited for rather than read at once.
 */
export async function savedLeadId(page: Page, variant: string): Promise<string> {
  const read = () =>
    page.evaluate((key) => {
      const session: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      return typeof session === 'object' && session !== null && 'leadId' in session ? String(session.leadId) : '';
    }, `funnel:survey:${variant}`);
  await expect.poll(read).toMatch(/^[0-9a-f-]{36}$/);
  return read();
}

/** Taps one option of the step on screen. */
export async function pick(page: Page, option: string): Promise<void> {
  await shownStep(page).locator(`[data-option="${option}"]`).click();
}

/** Answers the incident-date step on screen with a month about 40 days ago, and continues. */
export async function answerRecentDate(page: Page): Promise<void> {
  const date = new Date(Date.now() - 40 * 86_400_000);
  await shownStep(page).locator('select[name="injury_year"]').selectOption(String(date.getUTCFullYear()));
  await shownStep(page)
    .locator('select[name="injury_month"]')
    .selectOption(String(date.getUTCMonth() + 1).padStart(2, '0'));
  await shownStep(page).locator('button[type="submit"]').click();
}

/** Fills the name-and-email step on screen as the walks' one visitor, and continues. */
export async function answerNameAndEmail(page: Page): Promise<void> {
  await shownStep(page).locator('input[name="first_name"]').fill('Ana');
  await shownStep(page).locator('input[name="last_name"]').fill('Ruiz');
  await shownStep(page).locator('input[name="email"]').fill('ana.ruiz@example.com');
  await shownStep(page).locator('button[type="submit"]').click();
}

/** Fills the phone-and-zip step on screen (an Austin, TX number and zip), without sending it. */
export async function fillPhoneAndZip(page: Page): Promise<void> {
  await shownStep(page).locator('input[name="phone"]').fill('5125550100');
  await shownStep(page).locator('input[name="zip_code"]').fill('78701');
}

/** Fills the description step on screen with a description that passes every check, and continues. */
export async function answerDescription(page: Page): Promise<void> {
  await shownStep(page)
    .locator('textarea[name="case_description"]')
    .fill('A van rear-ended me at the red light on the highway');
  await shownStep(page).locator('button[type="submit"]').click();
}
