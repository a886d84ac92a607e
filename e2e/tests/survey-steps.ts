import type { Locator, Page } from '@playwright/test';

/**
 * The step on screen. The survey keeps the steps ahead (and the one before) rendered but hidden
 * (apps/web/src/survey/step-view.tsx), so a field or an option is looked for in the visible step only.
 */
export function shownStep(page: Page): Locator {
  return page.locator('section[data-step]:visible');
}

/** Taps one option of the step on screen. */
export async function pick(page: Page, option: string): Promise<void> {
  await shownStep(page).locator(`[data-option="${option}"]`).click();
}
