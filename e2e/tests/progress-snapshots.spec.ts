/**
 * Issue 13, spec §7 save-data: after each step the page posts its pending snapshots with its session id;
 * the list is kept and tried again after a failure, and cleared once the server answers success; §8: a
 * failure never stops the visitor. Read from the server's own rows (progress_snapshots).
 */
import { expect, test, type Page } from '@playwright/test';
import { answerNameAndEmail, answerRecentDate, fillPhoneAndZip, pick, savedLeadId, shownStep } from './survey-steps';
import { progressRows, storedSteps } from './stored-progress';

async function pending(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('funnel:progress:pending'));
}

test('each step left is stored as a snapshot of the session, with the tracking list and no contact field', async ({
  page,
}) => {
  await page.goto('/survey?sub1=fb');
  await pick(page, 'car');
  await expect(page.locator('section[data-step="AutoAccidentCaseWorth"]')).toBeVisible();
  const session = await savedLeadId(page, 'extended');
  await expect.poll(() => storedSteps(session)).toEqual(['StartPath']);
  const [row] = progressRows(session);
  expect(row?.entries[0]).toMatchObject({
    step_id: 'StartPath',
    step_number: 1,
    lead_id: session,
    progress_tracking: [
      { number: 1, id: 'StartPath', name: 'StartPath', completed: true, active: false },
      { number: 2, id: 'AutoAccidentCaseWorth', completed: false, active: true },
    ],
    time_on_steps: expect.stringMatching(/^StartPath:\d+$/),
    answers: { accident_type: 'car' },
  });
  await expect.poll(() => pending(page)).toBeNull();
});

test('a failed save keeps the snapshots, the visitor goes on, and they are stored with the next save', async ({
  page,
}) => {
  let refused = 0;
  await page.route('**/api/save-data', async (route) => {
    if (refused++ === 0)
      return route.fulfill({ status: 503, json: { userBackupStatus: false, userProgressionStatus: false } });
    return route.continue();
  });
  await page.goto('/survey');
  await pick(page, 'car');
  const session = await savedLeadId(page, 'extended');
  await expect.poll(() => refused).toBeGreaterThan(0);
  // §8: the visitor was never held; the refused snapshot waits in the tab.
  await expect(page.locator('section[data-step="AutoAccidentCaseWorth"]')).toBeVisible();
  expect(storedSteps(session)).toEqual([]);
  expect(await pending(page)).toContain('"StartPath"');
  await pick(page, 'i_think_so');
  await expect.poll(() => storedSteps(session)).toEqual(['StartPath', 'AutoAccidentCaseWorth']);
  await expect.poll(() => pending(page)).toBeNull();
});

test('snapshots still pending when the survey ends are sent from the thank-you page, and cleared there', async ({
  page,
}) => {
  // Every save-data call the survey makes fails; the thank-you page's reach the server. Told apart by the
  // page that sends them (the frame's address), not by when the test sees the new address, so a slow
  // machine cannot send the thank-you page's first call to the refusing side.
  let refused = 0;
  let fromThankYou = 0;
  await page.route('**/api/save-data', async (route) => {
    if (!/\/survey-thank-you\//.test(route.request().frame().url())) {
      refused++;
      return route.fulfill({ status: 503, json: { userBackupStatus: false, userProgressionStatus: false } });
    }
    fromThankYou++;
    return route.continue();
  });
  await page.goto('/survey-sd/v4');
  await pick(page, 'car');
  const session = await savedLeadId(page, 'plain-short');
  await answerRecentDate(page);
  await pick(page, 'another_person');
  await pick(page, 'Broken Bones');
  await answerNameAndEmail(page);
  await fillPhoneAndZip(page);
  await expect.poll(() => pending(page)).toContain('"NameAndEmail"');
  expect(refused).toBeGreaterThan(0);
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  // Nothing reached the server from the survey; every step of the walk is stored from the thank-you page
  // (its first try may still have been refused: the outbox there tries again).
  await expect
    .poll(() => storedSteps(session))
    .toEqual(['StartPath', 'WhenWasTheAccident', 'AtFault', 'WasUserInjured', 'NameAndEmail', 'PhoneAndZip']);
  expect(fromThankYou).toBeGreaterThan(0);
  await expect.poll(() => pending(page)).toBeNull();
});
