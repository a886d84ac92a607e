/**
 * A survey page served over plain HTTP on a brand's host (a host before its certificate, a preview) is not
 * a secure context, where browsers do not offer `crypto.randomUUID`. The page still goes live and makes the
 * visitor's lead id (apps/web/src/app/new-lead-id.ts): an answer goes on to the next question, and the saved
 * session carries a UUID the server takes.
 */
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { BRAND_HOST_RULES, brandOrigin } from '../brand-hosts';
import { pick, savedLeadId } from './survey-steps';

// The brand hosts resolve to this machine, without the flag the other suites add that treats them as secure.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, BRAND_HOST_RULES],
  },
});

test('over plain HTTP on a brand host the survey goes live and makes a lead id', async ({ page }) => {
  await page.goto(`${brandOrigin('injury-finder')}/g`);
  expect(await page.evaluate(() => ({ secure: window.isSecureContext, randomUUID: 'randomUUID' in crypto }))).toEqual({
    secure: false,
    randomUUID: false,
  });
  await pick(page, 'car');
  await expect(page.locator('section[data-step="AutoAccidentCaseWorth"]')).toBeVisible();
  await pick(page, 'i_think_so');
  await expect(page.locator('section[data-step="OtherDriversVehicleType"]')).toBeVisible();
  expect(await savedLeadId(page, 'variant-a')).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
});
