/**
 * Issue 33 "the first transition needs no app": a tap on the first question before any of the app's code
 * has arrived shows the second question at once, from the server's HTML (the inline capture script), and
 * the app, once live, carries on from there with the same answer, the same progress and one history entry
 * per step (apps/web/src/app/capture-early-input.ts, ADR 0032).
 */
import { ROUTES, allFlows } from '@app/funnel';
import { expect, test, type Page } from '@playwright/test';

/** Holds every script of the app (any /assets/*.js) until released, and counts those the page received. */
async function holdEveryScript(page: Page): Promise<{ release: () => void; received: () => number }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let received = 0;
  page.on('requestfinished', (request) => {
    if (/\/assets\/[^/]+\.js$/.test(request.url())) received += 1;
  });
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release, received: () => received };
}

const live = (page: Page) => page.waitForFunction(() => !('__funnelEarlyInput' in window));

function sessionOf(page: Page, variant: string) {
  return page.evaluate((key) => {
    const session: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return typeof session === 'object' && session !== null && 'path' in session && 'answers' in session
      ? { path: session.path, answers: session.answers }
      : null;
  }, `funnel:survey:${variant}`);
}

test('a first tap before the app is live shows the second question at once; the app then carries on with the same answers, one history entry per step', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts = await holdEveryScript(page);
  await page.goto('/survey', { waitUntil: 'commit' });
  const first = page.locator('section[data-step="StartPath"]');
  const second = page.locator('section[data-step="AutoAccidentCaseWorth"]');
  await expect(second).toBeHidden();
  const percent = page.locator('.progress__label strong');
  await expect(percent).toHaveText('4%');
  const entries = await page.evaluate(() => history.length);

  await page.locator('[data-option="car"]').click();
  // At once, with no script of the app's received: the second question, its progress, the first put away.
  await expect(second).toBeVisible();
  await expect(second.getByRole('heading')).toBeVisible();
  await expect(first).toBeHidden();
  await expect(percent).toHaveText('8%');
  await expect(page.locator('progress')).toHaveAttribute('value', '8');
  expect(scripts.received()).toBe(0);
  expect(await page.evaluate(() => '__funnelEarlyInput' in window)).toBe(true);
  expect(await page.evaluate(() => history.length)).toBe(entries);
  // Another tap before the app is live answers nothing more (the first step is put away; a script's click).
  await page.locator('[data-option="truck"]').dispatchEvent('click');

  scripts.release();
  await live(page);
  // The app answered the same tap once: the same step, the same progress, the session and history entries.
  await expect
    .poll(() => sessionOf(page, 'extended'))
    .toEqual({
      path: ['StartPath', 'AutoAccidentCaseWorth'],
      answers: expect.objectContaining({ accident_type: 'car' }),
    });
  await expect(second).toBeVisible();
  await expect(first).toBeHidden();
  await expect(percent).toHaveText('8%');
  await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 1);
  // The app's own taps go on from there.
  await second.locator('[data-option="i_think_so"]').click();
  const third = page.locator('section[data-step="WhenWasTheAccident"]');
  await expect(third).toBeVisible();
  await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 2);
  // Back, one step per entry, with the answers kept.
  await page.goBack();
  await expect(second).toBeVisible();
  await page.goBack();
  await expect(first).toBeVisible();
  await expect(percent).toHaveText('4%');
  await expect(page.locator('[data-option="car"]')).toHaveClass(/choice--chosen/);
  await expect(page.locator('[data-option="truck"]')).not.toHaveClass(/choice--chosen/);
  expect(new URL(page.url()).pathname).toBe('/survey');
  expect(errors).toEqual([]);
});

test('a press on an option before the app is live never reaches the page root, where React would hydrate at once in it (INP)', async ({
  page,
}) => {
  const scripts = await holdEveryScript(page);
  await page.goto('/survey', { waitUntil: 'commit' });
  await page.locator('section[data-step="StartPath"]').waitFor();
  // What React's root listeners would see (React listens on the root from the start of its hydration, which
  // runs in slices; issue 33): each event of a press, counted at the root.
  await page.evaluate(() => {
    const seen: string[] = [];
    Reflect.set(window, '__pressesAtRoot', seen);
    const root = document.getElementById('root');
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click'])
      root?.addEventListener(type, () => seen.push(type), true);
  });
  const atRoot = () =>
    page.evaluate(() => {
      const seen: unknown = Reflect.get(window, '__pressesAtRoot');
      return Array.isArray(seen) ? seen.map(String) : [];
    });
  await page.locator('[data-option="car"]').click();
  await expect(page.locator('section[data-step="AutoAccidentCaseWorth"]')).toBeVisible();
  expect(await atRoot()).toEqual([]);

  scripts.release();
  await live(page);
  // Once the app is live, React's own: a press reaches the root again.
  await page.locator('section[data-step="AutoAccidentCaseWorth"] [data-option="i_think_so"]').click();
  await expect(page.locator('section[data-step="WhenWasTheAccident"]')).toBeVisible();
  expect(await atRoot()).toEqual(expect.arrayContaining(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']));
});

test('every variant whose first step is a choice shows its next step on a tap before the app is live', async ({
  context,
}) => {
  test.setTimeout(240_000);
  const seen = new Set<string>();
  for (const route of ROUTES) {
    const flow = allFlows().find((f) => f.id === route.variant);
    const first = flow?.steps.find((s) => s.id === flow.first);
    if (!flow || !first || seen.has(flow.id) || !route.path.startsWith('/')) continue;
    seen.add(flow.id);
    // A fresh tab each: no script of the page before is counted.
    const page = await context.newPage();
    const scripts = await holdEveryScript(page);
    await page.goto(route.path, { waitUntil: 'commit' });
    const firstPane = page.locator(`section[data-step="${first.id}"]`);
    await expect(firstPane).toBeVisible();
    if (first.screen.kind !== 'choice') {
      // A first step that needs validation waits for the app, as before: nothing is revealed.
      expect(await page.locator('#first-tap').count(), flow.id).toBe(0);
    } else {
      const option = first.screen.options[0]?.id ?? '';
      await firstPane.locator(`[data-option="${option}"]`).click();
      const next = first.targets[0] ?? '';
      const nextPane = page.locator(`section[data-step="${next}"]`);
      await expect(nextPane, flow.id).toBeVisible();
      await expect(nextPane.getByRole('heading'), flow.id).toBeVisible();
      await expect(firstPane, flow.id).toBeHidden();
      const progress = flow.steps.find((s) => s.id === next)?.progress ?? -1;
      await expect(page.locator('.progress__label strong'), flow.id).toHaveText(`${progress}%`);
      expect(scripts.received(), flow.id).toBe(0);
      scripts.release();
      await live(page);
      await expect
        .poll(() => sessionOf(page, flow.id).then((s) => s?.path), { message: flow.id })
        .toEqual([first.id, next]);
      await expect(nextPane, flow.id).toBeVisible();
      await expect(firstPane, flow.id).toBeHidden();
    }
    scripts.release();
    await page.close();
  }
  // Every flow a path of its own serves (a flow served only under an ad's segment path is served the same).
  expect(seen.size).toBe(new Set(ROUTES.filter((r) => r.path.startsWith('/')).map((r) => r.variant)).size);
});
