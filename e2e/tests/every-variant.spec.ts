/**
 * Issue 11: every variant reads right to its visitor and never strands one. Each test runs at a phone
 * width (375 px) and a desktop width (1280 px). The walks of /ticket, /survey/dui and /survey/v6 save a
 * screenshot of every step in test-results/issue-11-shots (not committed) to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { BRAND_HOST_RULES, BRAND_HOSTS, brandsTreatedAsSecure } from '../brand-hosts';
import { E2E_PORT } from '../e2e-env';
import { pick, shownStep } from './survey-steps';
import { holdTheApp } from './hold-the-app';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/issue-11-shots');
mkdirSync(SHOTS, { recursive: true });

async function step(page: Page, id: string) {
  await expect(page.locator(`section[data-step="${id}"]`)).toBeVisible();
}

/** A screenshot once the step's slide-in has ended. */
async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

function recent() {
  const date = new Date(Date.now() - 40 * 86_400_000);
  return { year: String(date.getUTCFullYear()), month: String(date.getUTCMonth() + 1).padStart(2, '0') };
}

async function answerDate(page: Page, button = 'Continue') {
  const { year, month } = recent();
  await shownStep(page).locator('select[name="injury_year"]').selectOption(year);
  await shownStep(page).locator('select[name="injury_month"]').selectOption(month);
  await page.getByRole('button', { name: button }).click();
}

async function contact(page: Page) {
  await shownStep(page).locator('input[name="first_name"]').fill('Ana');
  await shownStep(page).locator('input[name="last_name"]').fill('Ruiz');
  await shownStep(page).locator('input[name="email"]').fill('ana.ruiz@example.com');
}

/** The body the page posts to /post-lead or the lead-ingest endpoint. */
function postedBody(page: Page): () => Record<string, unknown> {
  let body: Record<string, unknown> = {};
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !/\/(post-lead|api\/ingest)$/.test(request.url())) return;
    const parsed: unknown = JSON.parse(request.postData() ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) body = Object.fromEntries(Object.entries(parsed));
  });
  return () => body;
}

/**
 * WCAG relative luminance contrast of two colours as the browser computed them: `rgb(r, g, b)` (0-255), or
 * `color(srgb r g b)` (0-1), which is how a `color-mix()` shade (the brands' hover colours) is reported.
 */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const numbers = (css.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? []).map(Number);
    const scale = css.startsWith('color(srgb') ? 255 : 1;
    const [r = 0, g = 0, bl = 0] = numbers.map((n) => n * scale);
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

async function colours(button: Locator): Promise<{ color: string; background: string }> {
  return button.evaluate((node) => {
    const style = getComputedStyle(node);
    return { color: style.color, background: style.backgroundColor };
  });
}

interface ControlColours {
  name: string;
  color: string;
  background: string;
  /** The boundary of a control drawn by its border (inputs, options), and what it stands on. */
  border: string | null;
  around: string;
}

/** The rendered colours of every visible control (or of those matching `selector`) and what is behind them. */
async function controlColours(page: Page, selector = 'button, input, select, textarea, .site-header__call strong') {
  return page.evaluate((query) => {
    const opaque = (node: Element | null): string => {
      for (let at = node; at; at = at.parentElement) {
        const bg = getComputedStyle(at).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const found: ControlColours[] = [];
    for (const node of Array.from(document.querySelectorAll<HTMLElement>(query))) {
      const box = node.getBoundingClientRect();
      if (
        box.width === 0 ||
        !node.checkVisibility({ visibilityProperty: true }) ||
        node.closest('section[data-step][inert]')
      )
        continue;
      const style = getComputedStyle(node);
      const bordered = parseFloat(style.borderTopWidth) > 0 && !node.matches('.button');
      found.push({
        name: `${node.tagName}.${node.className}[${node.getAttribute('name') ?? node.getAttribute('data-option') ?? ''}]`,
        color: style.color,
        background: opaque(node),
        border: bordered ? style.borderTopColor : null,
        around: opaque(node.parentElement),
      });
    }
    return found;
  }, selector);
}

/** AA: text at 4.5:1 on its background, a control's boundary at 3:1 on what it stands on. */
function expectReadable(controls: readonly ControlColours[], where: string) {
  expect(controls.length, where).toBeGreaterThan(0);
  for (const c of controls) {
    expect(
      contrast(c.color, c.background),
      `${where} ${c.name} text ${c.color} on ${c.background}`,
    ).toBeGreaterThanOrEqual(4.5);
    if (c.border !== null) {
      expect(
        contrast(c.border, c.around),
        `${where} ${c.name} border ${c.border} on ${c.around}`,
      ).toBeGreaterThanOrEqual(3);
    }
  }
}

/** No sideways scrolling: the page is never wider than the window. */
async function expectNoOverflow(page: Page) {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    window: window.innerWidth,
  }));
  expect(Math.max(sizes.scroll, sizes.body), JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.window);
}

/**
 * Nothing is cut off at the right edge either (the page clips sideways overflow, so it could hide it):
 * once a step has settled, every element of the header and the survey ends inside the window.
 */
async function expectNothingCut(page: Page) {
  await page.waitForTimeout(450);
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.site-header *, main *'))
      .filter((node) => {
        const box = node.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.right > window.innerWidth + 0.5 &&
          node.checkVisibility({ visibilityProperty: true }) &&
          !node.closest('section[data-step][inert]')
        );
      })
      .map((node) => `${node.tagName}.${node.className} right ${Math.round(node.getBoundingClientRect().right)}`),
  );
  expect(cut).toEqual([]);
}

/** Every visible control on the page is at least 44 x 44 px (issue 11). */
async function expectTapTargets(page: Page) {
  const small = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], select, textarea, input:not([type="checkbox"]), label.checkbox',
    );
    const found: string[] = [];
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (
        (box.width === 0 && box.height === 0) ||
        !control.checkVisibility({ visibilityProperty: true }) ||
        control.closest('section[data-step][inert]')
      )
        continue;
      if (box.height < 44 || box.width < 44) {
        found.push(`${control.tagName}.${control.className} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  });
  expect(small).toEqual([]);
}

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 860 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the ticket flow speaks of a traffic ticket on every step, with its own consent (issue 11 item 1)', async ({
      page,
    }) => {
      const body = postedBody(page);
      await page.goto('/ticket?sub1=tk');
      await step(page, 'StartPathTicket');
      // A start screen: one clear call to action, not a lone answer in a grid.
      await expect(shownStep(page).locator('.button--start')).toHaveCount(1);
      await shoot(page, 'ticket-01-StartPathTicket');
      await expectNoOverflow(page);
      await expectTapTargets(page);
      await pick(page, 'got_ticket');
      await step(page, 'StartTicketFlow');
      await shoot(page, 'ticket-02-StartTicketFlow');
      await pick(page, 'start');
      await step(page, 'TicketReceived');
      await shoot(page, 'ticket-03-TicketReceived');
      await pick(page, 'speeding');
      await step(page, 'SelectState');
      await shoot(page, 'ticket-04-SelectState');
      await expectNoOverflow(page);
      await expectTapTargets(page);
      // Issue 28: the state picker shows names.
      await expect(shownStep(page).locator('select[name="ticket_state"] option[value="TX"]')).toHaveText('Texas');
      await shownStep(page).locator('select[name="ticket_state"]').selectOption('TX');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'SelectDate');
      await shoot(page, 'ticket-05-SelectDate');
      await answerDate(page);
      await step(page, 'DoYouHaveAttorney');
      await shoot(page, 'ticket-06-DoYouHaveAttorney');
      await pick(page, 'need_lawyer');
      await step(page, 'IncidentDescription');
      const hint = await shownStep(page).locator('.step__hint').innerText();
      expect(hint).toContain('what you were stopped for');
      expect(hint).not.toMatch(/driver|hurt/i);
      await expect(shownStep(page).locator('input[name="hit_and_run"]')).toHaveCount(0);
      await shoot(page, 'ticket-07-IncidentDescription');
      await shownStep(page)
        .locator('textarea[name="case_description"]')
        .fill('Stopped for going 45 in a 30 zone near the school');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'NameAndEmailTicket');
      await shoot(page, 'ticket-08-NameAndEmailTicket');
      await contact(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'PhoneAndZip');
      await expect(shownStep(page).getByRole('heading')).toHaveText('Last step: how can a traffic attorney reach you?');
      const consent = await shownStep(page).getByTestId('tcpa').innerText();
      expect(consent).toContain('about my traffic ticket.');
      expect(consent.replace('Accident Claim Check', '')).not.toMatch(/accident/i);
      await expect(page.locator('.site-footer')).not.toContainText('$20K');
      await shownStep(page).locator('input[name="phone"]').fill('5125550100');
      await shownStep(page).locator('input[name="zip_code"]').fill('78701');
      await shoot(page, 'ticket-09-PhoneAndZip');
      await expectNoOverflow(page);
      await expectTapTargets(page);
      await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
      await page.waitForURL(/\/ticket-thank-you\//);
      // Issue 28: the ticket's thank-you speaks of the ticket, in its tab and footer too.
      await expect(page).toHaveTitle('Free Traffic Ticket Review · Accident Claim Check');
      await expect(page.locator('.site-footer')).not.toContainText('$20K');
      expect(body()).toMatchObject({ tcpa: consent, variant: 'ticket', ticket_type: 'speeding' });
      expect(body()).not.toHaveProperty('hit_and_run');
    });

    test('the DUI description asks about the stop, with no other driver and no hit-and-run box (item 2)', async ({
      page,
    }) => {
      await page.goto('/survey/dui');
      await step(page, 'StartPath');
      await shoot(page, 'dui-01-StartPath');
      await pick(page, 'car');
      await step(page, 'NameAndEmail');
      await shoot(page, 'dui-02-NameAndEmail');
      await contact(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'AutoAccidentCaseWorth');
      await shoot(page, 'dui-03-AutoAccidentCaseWorth');
      await pick(page, 'i_think_so');
      await step(page, 'WhenWasTheAccident');
      await shoot(page, 'dui-04-WhenWasTheAccident');
      await answerDate(page);
      await step(page, 'AtFault');
      await shoot(page, 'dui-05-AtFault');
      await pick(page, 'me');
      await step(page, 'PendingDUICharges');
      await shoot(page, 'dui-06-PendingDUICharges');
      await pick(page, 'yes');
      await step(page, 'TypeOfAlcoholTestPerformed');
      await shoot(page, 'dui-07-TypeOfAlcoholTestPerformed');
      await pick(page, 'breath');
      await step(page, 'BACMeasuredByTest');
      await shoot(page, 'dui-08-BACMeasuredByTest');
      await pick(page, 'under_08');
      await step(page, 'UserHasDUI');
      await shoot(page, 'dui-09-UserHasDUI');
      await pick(page, 'no');
      await step(page, 'DUIIncidentDescription');
      const hint = await shownStep(page).locator('.step__hint').innerText();
      expect(hint).toContain('why the police stopped you');
      expect(hint).not.toMatch(/other driver/i);
      await expect(shownStep(page).locator('input[name="hit_and_run"]')).toHaveCount(0);
      await shoot(page, 'dui-10-DUIIncidentDescription');
      await expectNoOverflow(page);
      await expectTapTargets(page);
      await shownStep(page)
        .locator('textarea[name="case_description"]')
        .fill('Pulled over after a birthday dinner on the way home');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'PhoneAndZip');
      await shownStep(page).locator('input[name="phone"]').fill('5125550100');
      await shownStep(page).locator('input[name="zip_code"]').fill('78701');
      await shoot(page, 'dui-11-PhoneAndZip');
      await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
      await page.waitForURL(/\/survey-thank-you\/.*case=dui/);
      // Issue 28: a DUI visitor is not told their accident may be worth mid to high value.
      await expect(page.locator('h1')).not.toContainText(/worth/);
    });

    test('the one-page form brings the first invalid field into view and focus; progress follows the answers (item 3)', async ({
      page,
    }) => {
      await page.goto('/survey/v6');
      await step(page, 'OnePageForm');
      await expect(page.locator('.progress__label')).toContainText('0%');
      await shoot(page, 'v6-01-empty');
      const submit = page.getByRole('button', { name: 'Get My Free Case Review' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      const first = shownStep(page).locator('select[name="accident_type"]');
      await expect(first).toBeFocused();
      await expect(first).toBeInViewport();
      await page.waitForTimeout(600);
      const top = await first.evaluate((node) => node.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(200);
      await shoot(page, 'v6-02-errors');
      await expectNoOverflow(page);
      await expectTapTargets(page);
      // One message per field, each tied to its field.
      const errors = shownStep(page).locator('.field__error');
      expect(await errors.count()).toBe(await shownStep(page).locator('[aria-invalid="true"]').count());
      await first.selectOption('car');
      const label = await page.locator('.progress__label').innerText();
      expect(Number(label.match(/\d+/)?.[0])).toBeGreaterThan(0);
      // The first invalid field is now the next one down.
      await submit.click();
      await expect(shownStep(page).locator('select[name="physical_injury"]')).toBeFocused();
      await shoot(page, 'v6-03-one-answered');
    });

    test('errors land on the field: one message per problem, a refused zip focuses the zip (item 4)', async ({
      page,
    }) => {
      await page.goto('/survey-sl');
      await answerDate(page);
      await pick(page, 'another_person');
      await pick(page, 'need_lawyer');
      await pick(page, 'yes');
      await step(page, 'NameAndEmail');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(shownStep(page).locator('input[name="first_name"]')).toBeFocused();
      await contact(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'PhoneAndZip');
      await shownStep(page).locator('input[name="phone"]').fill('5125550100');
      await shownStep(page).locator('input[name="zip_code"]').fill('00000');
      await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
      await expect(shownStep(page).getByText('Please provide a valid zip number')).toBeVisible();
      await expect(shownStep(page).locator('input[name="zip_code"]')).toBeFocused();

      // A short description: the error is the one red line; the counter stays a hint.
      await page.goto('/survey/vw');
      await step(page, 'WhenWasTheAccidentVW3');
      await answerDate(page);
      await pick(page, 'another_person');
      await pick(page, 'no');
      await pick(page, 'yes');
      await pick(page, 'need_lawyer');
      await step(page, 'IncidentDescriptionVW3');
      await shownStep(page).locator('textarea[name="case_description"]').fill('Hit hard');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(shownStep(page).locator('.field__error')).toHaveCount(1);
      const red = await shownStep(page)
        .locator('p')
        .evaluateAll((nodes) => nodes.filter((n) => getComputedStyle(n).color === 'rgb(198, 40, 40)').length);
      expect(red).toBe(1);
      await expect(shownStep(page).locator('textarea[name="case_description"]')).toBeFocused();
    });

    test('a month or a day still to come is not offered (item 4)', async ({ page }) => {
      await page.goto('/survey');
      await pick(page, 'car');
      await pick(page, 'i_think_so');
      await step(page, 'WhenWasTheAccident');
      const today = new Date();
      const year = String(today.getUTCFullYear());
      await shownStep(page).locator('select[name="injury_year"]').selectOption(year);
      const months = shownStep(page).locator('select[name="injury_month"] option:not([value=""])');
      await expect(months).toHaveCount(today.getUTCMonth() + 1);
      const month = String(today.getUTCMonth() + 1).padStart(2, '0');
      await shownStep(page).locator('select[name="injury_month"]').selectOption(month);
      const days = shownStep(page).locator('select[name="injury_day"] option:not([value=""])');
      await expect(days).toHaveCount(today.getUTCDate());
      // The year before: all twelve months.
      await shownStep(page)
        .locator('select[name="injury_year"]')
        .selectOption(String(today.getUTCFullYear() - 1));
      await expect(months).toHaveCount(12);
    });

    test('Back and Forward move between questions with the answers kept; Back on the first question leaves (item 5)', async ({
      page,
    }) => {
      await page.goto('/survey?sub1=back');
      await pick(page, 'car');
      await step(page, 'AutoAccidentCaseWorth');
      await pick(page, 'not_sure');
      await step(page, 'WhenWasTheAccident');
      await page.goBack();
      await step(page, 'AutoAccidentCaseWorth');
      await expect(shownStep(page).locator('[data-option="not_sure"]')).toHaveClass(/choice--chosen/);
      expect(new URL(page.url()).search).toBe('?sub1=back');
      await page.goBack();
      await step(page, 'StartPath');
      await expect(shownStep(page).locator('[data-option="car"]')).toHaveClass(/choice--chosen/);
      await page.goForward();
      await step(page, 'AutoAccidentCaseWorth');
      await page.goForward();
      await step(page, 'WhenWasTheAccident');
      // The page's own Back button is the browser's Back.
      await page.getByRole('button', { name: '← Back' }).click();
      await step(page, 'AutoAccidentCaseWorth');
      await page.goForward();
      await step(page, 'WhenWasTheAccident');
      await page.goBack();
      await page.goBack();
      await step(page, 'StartPath');
      await page.goBack();
      await page.waitForURL('about:blank');
    });

    test('Back after an answer tapped before the app was live returns to the first question (item 5)', async ({
      page,
    }) => {
      const release = await holdTheApp(page);
      await page.goto('/g?sub1=early', { waitUntil: 'commit' });
      await page.locator('[data-option="car"]').click();
      release();
      await step(page, 'AutoAccidentCaseWorth');
      // The answer's history entry is the app's, pushed when it takes over (ADR 0032: Back before then leaves
      // the page, as it did before the reveal).
      await page.waitForFunction(() => JSON.stringify(history.state ?? null).includes('AutoAccidentCaseWorth'));
      await page.goBack();
      await step(page, 'StartPath');
      expect(new URL(page.url()).search).toBe('?sub1=early');
      await page.goForward();
      await step(page, 'AutoAccidentCaseWorth');
    });

    test('the thank-you page reads its query, then takes the personal fields out of the address bar (item 7)', async ({
      page,
    }) => {
      const response = await page.goto(
        '/survey-thank-you/?email=ana%40example.com&city=Austin&state=TX&zip_code=78701&phone=5125550100&state_long=Texas&affid=1&sub_id=x&is_disqualified=false&q=y',
      );
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      await expect(page.locator('[data-qualified="yes"]')).toBeVisible();
      await expect.poll(() => new URL(page.url()).search).toBe('?affid=1&sub_id=x&is_disqualified=false&q=y');
      expect(page.url()).not.toMatch(/ana|5125550100|78701|Austin/);
      // The doubled question mark (§2) stays as it was.
      await page.goto('/survey-thank-you/??email=ana%40example.com&phone=5125550100&q=y');
      await expect.poll(() => page.url()).toMatch(/\/survey-thank-you\/\?\?q=y$/);
    });

    test('the date of birth says why it is asked and refuses an age under 16 or over 110 (item 9)', async ({
      page,
    }) => {
      await page.goto('/survey/v4nv-d1');
      await pick(page, 'car');
      await answerDate(page);
      await pick(page, 'not_at_fault');
      await pick(page, 'Whiplash');
      await pick(page, 'Emergency Room');
      await pick(page, 'yes');
      await pick(page, 'need_lawyer');
      await shownStep(page)
        .locator('textarea[name="case_description"]')
        .fill('A van ran the stop sign and hit my passenger door');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'ZipCode');
      await shownStep(page).locator('input[name="zip_code"]').fill('90210');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'NameAndEmail');
      await contact(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'DateOfBirth');
      await expect(shownStep(page).locator('.step__hint')).toContainText('confirm your identity');
      const field = shownStep(page).locator('input[name="date_of_birth"]');
      const now = new Date();
      const yearsAgo = (n: number) =>
        `${now.getUTCFullYear() - n}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-01`;
      const message = 'Please check your date of birth: you must be between 16 and 110 years old';
      for (const age of [11, 112]) {
        await field.fill(yearsAgo(age));
        await page.getByRole('button', { name: 'Continue' }).click();
        await expect(shownStep(page).getByText(message)).toBeVisible();
        await expect(field).toBeFocused();
      }
      await field.fill(yearsAgo(40));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.locator('section[data-step="DateOfBirth"]')).toBeHidden();
    });

    test('the submit button is readable in every state, both brands; a pending check says "Checking…" (item 6)', async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM_PATH,
        // The brands as production serves them: secure (HTTPS there).
        args: [...CHROMIUM_ARGS, BRAND_HOST_RULES, brandsTreatedAsSecure(E2E_PORT)],
      });
      try {
        for (const host of Object.values(BRAND_HOSTS)) {
          const page = await browser.newPage({ viewport });
          await page.goto(`http://${host}:${E2E_PORT}/survey-sl`);
          await step(page, 'WhenWasTheAccident');
          // Every control at rest, then the ones a pointer or a tap changes, in each of their states.
          expectReadable(await controlColours(page), `${host} date step`);
          await page.getByRole('button', { name: 'Continue' }).hover();
          expectReadable(await controlColours(page, 'button.button'), `${host} Continue hover`);
          await answerDate(page);
          await step(page, 'AtFault');
          await page.mouse.move(0, 0);
          expectReadable(await controlColours(page), `${host} choices`);
          const option = shownStep(page).locator('[data-option="road_or_animal"]');
          await option.hover();
          expectReadable(await controlColours(page, '.choice'), `${host} choice hover`);
          await option.focus();
          expectReadable(await controlColours(page, '.choice'), `${host} choice focus`);
          await page.getByRole('button', { name: '← Back' }).hover();
          expectReadable(await controlColours(page, '.link-button'), `${host} Back hover`);
          await page.mouse.move(0, 0);
          await pick(page, 'another_person');
          await page.getByRole('button', { name: '← Back' }).click();
          await step(page, 'AtFault');
          await page.mouse.move(0, 0);
          expectReadable(await controlColours(page, '.choice--chosen'), `${host} chosen answer`);
          await pick(page, 'another_person');
          await pick(page, 'need_lawyer');
          await pick(page, 'yes');
          await contact(page);
          await page.getByRole('button', { name: 'Continue' }).click();
          await step(page, 'PhoneAndZip');
          const submit = page.getByRole('button', { name: 'Get My Free Case Review' });
          // The pointer is where the last Continue was, now over this button: away first.
          await page.mouse.move(0, 0);
          const rest = await colours(submit);
          await submit.hover();
          const hover = await colours(submit);
          const box = await submit.boundingBox();
          await page.mouse.move((box?.x ?? 0) + 5, (box?.y ?? 0) + 5);
          await page.mouse.down();
          const active = await colours(submit);
          await page.mouse.move(0, 0);
          await page.mouse.up();
          expect(hover.background).not.toBe(rest.background);
          for (const state of [rest, hover, active]) {
            const ratio = contrast(state.color, state.background);
            expect(ratio, `${host} ${JSON.stringify(state)}`).toBeGreaterThanOrEqual(4.5);
          }
          await shoot(page, `submit-hover-${host}`);
          // A phone check that takes its time: the button says so, readably, and stays focused.
          await page.route('**/api/validate/phone', async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 1500));
            await route.continue();
          });
          await shownStep(page).locator('input[name="zip_code"]').fill('78701');
          await shownStep(page).locator('input[name="phone"]').fill('5125550100');
          await submit.click();
          const pending = page.getByRole('button', { name: 'Checking…' });
          await expect(pending).toBeVisible();
          await expect(pending).toHaveAttribute('aria-busy', 'true');
          await expect(pending).toBeFocused();
          const busy = await colours(pending);
          expect(contrast(busy.color, busy.background)).toBeGreaterThanOrEqual(4.5);
          expect(await pending.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');
          await shoot(page, `submit-checking-${host}`);
          await expect(page.locator('[data-outcome="ThankYouStep"]')).toBeVisible();
          await page.close();
        }
      } finally {
        await browser.close();
      }
    });

    test('/form asks when treatment began only of a visitor who saw a doctor; its start is one clear button (item 11)', async ({
      page,
    }) => {
      const body = postedBody(page);
      await page.goto('/form');
      await step(page, 'ShowQuestions');
      await expect(shownStep(page).locator('.button--start')).toHaveText(/Start my free case review/);
      await pick(page, 'start');
      await step(page, 'FormFirstQuestions');
      const select = (name: string, value: string) =>
        shownStep(page).locator(`select[name="${name}"]`).selectOption(value);
      await select('physical_injury', 'Yes');
      await select('police_report', 'yes');
      await select('at_Fault', 'no');
      await select('with_Lawyer', 'no');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'FormSecondQuestions');
      const timing = shownStep(page).locator('select[name="when_seek_medical_treatment"]');
      const { year, month } = recent();
      await select('injury_year', year);
      await select('injury_month', month);
      await select('doctor_treatment', 'Yes');
      await expect(timing).toBeVisible();
      await select('doctor_treatment', 'No');
      await expect(timing).toHaveCount(0);
      await shownStep(page)
        .locator('textarea[name="case_description"]')
        .fill('A car backed into me in the parking lot at the store');
      await page.getByRole('button', { name: 'Continue' }).click();
      await step(page, 'FormThirdQuestions');
      await contact(page);
      await shownStep(page).locator('input[name="phone"]').fill('5125550100');
      await shownStep(page).locator('input[name="zip_code"]').fill('78701');
      await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
      await page.waitForURL(/\/survey-thank-you\//);
      expect(body()).toMatchObject({ doctor_treatment: 'No' });
      expect(body()).not.toHaveProperty('when_seek_medical_treatment');
    });

    test('/survey/vw opens with a one-line intro, and every page has an icon (item 11)', async ({ page, request }) => {
      await page.goto('/survey/vw');
      await step(page, 'WhenWasTheAccidentVW3');
      await expect(shownStep(page).locator('.step__hint')).toContainText('Answer 9 quick questions');
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(icon).toBe('/favicon.svg');
      const answer = await request.get(icon ?? '');
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toContain('image/svg+xml');
      expect(await answer.text()).toContain('<svg');
    });

    test('no sideways overflow at any moment and every tap target is 44 px (item 10)', async ({ context }) => {
      for (const width of viewport.width < 500 ? [320, 375, 430] : [1280]) {
        // A new tab for each width: a new visitor (the survey keeps a tab's session, saved as the page goes).
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 740 });
        await page.goto('/survey');
        await expectNoOverflow(page);
        await expectNothingCut(page);
        await expectTapTargets(page);
        await pick(page, 'car');
        // During the slide-in, too.
        for (let i = 0; i < 5; i++) {
          await expectNoOverflow(page);
          await page.waitForTimeout(60);
        }
        await step(page, 'AutoAccidentCaseWorth');
        await expectTapTargets(page);
        await pick(page, 'i_think_so');
        await step(page, 'WhenWasTheAccident');
        await expectNoOverflow(page);
        await expectNothingCut(page);
        await expectTapTargets(page);
        await answerDate(page);
        await pick(page, 'another_person');
        await pick(page, 'Whiplash');
        await pick(page, 'Emergency Room');
        await pick(page, 'yes');
        await pick(page, 'need_lawyer');
        await step(page, 'IncidentDescription');
        await expectNoOverflow(page);
        await expectNothingCut(page);
        await expectTapTargets(page);
        await page.close();
      }
    });
  });
}
