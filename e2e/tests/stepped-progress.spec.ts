/** Issue 13, §2 "Progress bar has a plain style and a stepped style with an active step". */
import { expect, test } from '@playwright/test';
import { pick } from './survey-steps';

test('the multi-step form shows its steps, the current one active; other flows keep the plain bar', async ({
  page,
}) => {
  await page.goto('/form');
  const steps = page.getByTestId('progress-steps').locator('li');
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await pick(page, 'start');
  await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(0)).toHaveClass(/progress-steps__step--done/);
  await page.setViewportSize({ width: 375, height: 700 });
  await page.screenshot({ path: 'test-results/screens/stepped-progress-375.png' });
  await page.goto('/survey');
  await expect(page.getByTestId('progress-steps')).toHaveCount(0);
});
