import { expect, test, type Page } from '@playwright/test';
import { isoDateOf, yearOptions } from '@app/funnel';
import { pick, savedLeadId, shownStep } from './survey-steps';
import { preSubmitRecords, storedLeads } from './stored-leads';

const LANDING =
  '/survey?sub1=fb_ad&sub2=camp9&sub3={sub3}&sub5=clk-77&oid=81&lp_campaign_id=516&_ef_transaction_id=ef-123';

async function expectStep(page: Page, step: string) {
  await expect(page.locator(`section[data-step="${step}"]`)).toBeVisible();
}

/** Month and year of an accident about three weeks ago, so the test is right on any day it runs. */
function recentAccident() {
  const date = new Date(Date.now() - 21 * 86_400_000);
  return {
    year: String(date.getUTCFullYear()),
    month: String(date.getUTCMonth() + 1).padStart(2, '0'),
    day: String(date.getUTCDate()).padStart(2, '0'),
  };
}

async function answerUntilDescription(page: Page, injury: string) {
  const accident = recentAccident();
  await pick(page, 'i_think_so');
  await expectStep(page, 'WhenWasTheAccident');
  await shownStep(page).locator('select[name="injury_year"]').selectOption(accident.year);
  await shownStep(page).locator('select[name="injury_month"]').selectOption(accident.month);
  await shownStep(page).locator('select[name="injury_day"]').selectOption(accident.day);
  await page.getByRole('button', { name: 'Continue' }).click();
  await pick(page, 'another_person');
  await pick(page, injury);
}

/** The name and email step answered, and the phone and zip typed: the last step is ready to send. */
async function fillContact(page: Page, { email = 'maria.lopez@example.com', zip = '78701' } = {}) {
  await expectStep(page, 'NameAndEmail');
  await shownStep(page).locator('input[name="first_name"]').fill('Maria');
  await shownStep(page).locator('input[name="last_name"]').fill('Lopez');
  await shownStep(page).locator('input[name="email"]').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'PhoneAndZip');
  await shownStep(page).locator('input[name="phone"]').fill('5125550100');
  await expect(shownStep(page).locator('input[name="phone"]')).toHaveValue('(512) 555-0100');
  await shownStep(page).locator('input[name="zip_code"]').fill(zip);
}

async function finish(page: Page, zip = '78701') {
  await expectStep(page, 'IncidentDescription');
  await page
    .locator('textarea[name="case_description"]')
    .fill('A pickup truck ran the red light and hit my driver side door');
  await page.getByRole('button', { name: 'Continue' }).click();
  // The email as a visitor may type it: the server stores it lower-cased.
  await fillContact(page, { email: 'Maria.Lopez@Example.com', zip });
  const consent = await shownStep(page).getByTestId('tcpa').innerText();
  // The address the survey went to: the thank-you page takes the personal fields out of it once it has
  // read them (issue 11 item 7), which may come before a read of page.url().
  const arrival = page.waitForRequest((r) => r.isNavigationRequest() && /\/survey-thank-you\//.test(r.url()));
  await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
  const thankYou = new URL((await arrival).url());
  await page.waitForURL(/\/survey-thank-you\//);
  return { consent, thankYou };
}

test('a qualified visitor walks the survey, reloads midway, and the lead is stored with the server verdict', async ({
  page,
}) => {
  await page.goto(LANDING);
  await expect(page.getByRole('progressbar')).toHaveAttribute('value', '4');
  await pick(page, 'car');
  const leadId = await savedLeadId(page, 'extended');

  // A reload mid-survey keeps the answers, the step, the lead id and the landing tracking.
  await answerUntilDescription(page, 'Whiplash');
  await expectStep(page, 'DidYouReceiveMedicalTreatment');
  await page.goto('/survey');
  await expectStep(page, 'DidYouReceiveMedicalTreatment');
  expect(await savedLeadId(page, 'extended')).toBe(leadId);

  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  const { consent, thankYou } = await finish(page);

  const q = Object.fromEntries(thankYou.searchParams);
  expect(thankYou.pathname).toBe('/survey-thank-you/');
  expect(q).toMatchObject({
    q: 'y',
    is_disqualified: 'false',
    email: 'maria.lopez@example.com',
    phone: '5125550100',
    zip_code: '78701',
    city: 'Austin',
    state: 'TX',
    state_long: 'Texas',
    ef_transaction_id: 'ef-123',
    affid: '1',
    sub_id: 'fb_ad',
  });
  expect(q).not.toHaveProperty('_ef_transaction_id');
  expect(q).not.toHaveProperty('dq_reason');
  await expect(page.locator('[data-qualified="yes"]')).toBeVisible();

  const rows = storedLeads(leadId);
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toMatchObject({ lead_is_qualified: 'yes', is_disqualified: 0, dq_reason: '' });
  expect(row?.lead).toMatchObject({
    lead_id: leadId,
    variant: 'extended',
    accident_type: 'car',
    at_Fault: 'no',
    physical_injury: 'Yes',
    specific_injury: 'Whiplash',
    doctor_treatment: 'Yes',
    police_report: 'yes',
    with_Lawyer: 'no',
    first_name: 'Maria',
    email: 'maria.lopez@example.com',
    phone: '5125550100',
    city: 'Austin',
    county: 'Travis',
    days_from_incident_date: 21,
    accident_within_last_year: 'yes',
    sub_id: 'fb_ad',
    sub_id2: 'camp9',
    sub_id3: '',
    click_id: 'clk-77',
    oid: '81',
    affid: '1',
    lp_campaign_id: '516',
    ef_transaction_id: 'ef-123',
    tcpa: consent,
    language: 'en',
    // The server read the variant off the landing path, and the browser's walk replays there cleanly.
    submission_problems: [],
  });
  expect(row?.lead.steps_path).toEqual([
    'StartPath',
    'AutoAccidentCaseWorth',
    'WhenWasTheAccident',
    'AtFault',
    'WasUserInjured',
    'DidYouReceiveMedicalTreatment',
    'PoliceReportFiled',
    'HasLawyer',
    'IncidentDescription',
    'NameAndEmail',
    'PhoneAndZip',
  ]);
  expect(String(row?.lead.time_on_steps)).toMatch(/^StartPath:\d+\|AutoAccidentCaseWorth:\d+\|/);
  expect(String(row?.lead.landing_page_url)).toContain('sub5=clk-77');
  // §4: the pre-submit check ran before the post.
  expect(preSubmitRecords(leadId)).toEqual([expect.objectContaining({ lead_id: leadId, zip_code: '78701' })]);
});

test('a visitor who was not injured skips the medical step and is told q=n, in English', async ({ page }) => {
  // An ad link that carries lang=es to an English path: the thank-you page still speaks English (§1, §7).
  await page.goto('/survey?lang=es&sub1={{ad.id}}');
  await pick(page, 'car');
  const leadId = await savedLeadId(page, 'extended');
  await answerUntilDescription(page, 'not_injured');
  // §4: not injured → the medical step is skipped, straight to the police report.
  await expectStep(page, 'PoliceReportFiled');
  await pick(page, 'no');
  await pick(page, 'need_lawyer');
  const q = (await finish(page)).thankYou.searchParams;

  expect([q.get('q'), q.get('is_disqualified'), q.get('dq_reason')]).toEqual(['n', 'true', 'physical_injury|no']);
  expect(q.get('lang')).toBeNull();
  await expect(page.getByRole('heading', { name: 'Thank you for your submission.' })).toBeVisible();
  const [row] = storedLeads(leadId);
  expect(row).toMatchObject({ lead_is_qualified: 'no', is_disqualified: 1, dq_reason: 'physical_injury|no' });
  // §3: an unfilled {{macro}} is no value: sub_id falls back to its default.
  expect(row?.lead).toMatchObject({ sub_id: '1', submission_problems: [] });
  expect(row?.lead.steps_path).not.toContain('DidYouReceiveMedicalTreatment');
});

// §7 "POST /inbound/get-mappings with affid and oid (numbers); response read for lp_campaign_id,
// lp_supplier_id, lp_key" (issue 27): asked while the visitor answers, never holding a step.
test.describe('a visitor in California', () => {
  // The lead carries the device's UTC offset (issue 27: whose "today").
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the page asks get-mappings for its affid and oid while the visitor answers, and the lead carries the answer', async ({
    page,
  }) => {
    const asked: { body: unknown; atStep: string }[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/inbound/get-mappings')) return;
      void page
        .locator('section[data-step]:visible')
        .getAttribute('data-step')
        .then((step) => asked.push({ body: request.postDataJSON(), atStep: step ?? '' }));
    });
    await page.goto('/survey?affid=77&sub1=ad9');
    await pick(page, 'car');
    const leadId = await savedLeadId(page, 'extended');
    await answerUntilDescription(page, 'not_injured');
    await expectStep(page, 'PoliceReportFiled');
    // Asked once, with the ids as numbers, before the visitor reached the end.
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]?.body).toEqual({ affid: 77, oid: 81 });
    expect(asked[0]?.atStep).not.toBe('PhoneAndZip');
    await pick(page, 'no');
    await pick(page, 'need_lawyer');
    await finish(page);
    expect(asked).toHaveLength(1);
    const [row] = storedLeads(leadId);
    // The page sent the mapping's ids (the body as posted), and the lead carries them.
    expect(row?.submission).toMatchObject({ lp_campaign_id: '4021', lp_supplier_id: '7701', lp_key: 'sample-77-81' });
    expect(row?.lead).toMatchObject({ lp_campaign_id: '4021', affid: '77', oid: '81' });
    // Issue 27: the page's UTC offset and its build (§3 debug_id) come with the lead.
    expect(row?.submission.utc_offset_minutes).toBe(await page.evaluate(() => 0 - new Date().getTimezoneOffset()));
    expect([-480, -420]).toContain(row?.submission.utc_offset_minutes);
    expect(String(row?.submission.debug_id)).toMatch(/^survey-forms-[\w-]+$/);
  });
});

test('an answer tapped just before a reload is kept: the session is saved as the page goes', async ({ page }) => {
  await page.goto('/survey');
  await pick(page, 'car');
  await expectStep(page, 'AutoAccidentCaseWorth');
  // The tap and the page's leaving in one task: the save that waits for the next paint has not run.
  const saved = await page.evaluate(() => {
    const option = document.querySelector('section[data-step="AutoAccidentCaseWorth"] [data-option="i_think_so"]');
    if (!(option instanceof HTMLButtonElement)) throw new Error('no option i_think_so');
    option.click();
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    return sessionStorage.getItem('funnel:survey:extended') ?? '';
  });
  expect(saved).toContain('"WhenWasTheAccident"');
  await page.reload();
  await expectStep(page, 'WhenWasTheAccident');
});

/** Taps options (and Back) in one task of the page, as a quick visitor would, faster than React renders. */
async function tapAtOnce(page: Page, taps: { step: string; option?: string }[]) {
  return page.evaluate((list) => {
    const shown = () =>
      Array.from(document.querySelectorAll('section[data-step]'))
        .filter((pane) => pane.getBoundingClientRect().height > 0)
        .map((pane) => pane.getAttribute('data-step'));
    const progress = () => document.querySelector('.progress__label strong')?.textContent;
    return list.map(({ step, option }) => {
      const pane = document.querySelector(`section[data-step="${step}"]`);
      const button = option ? pane?.querySelector(`[data-option="${option}"]`) : pane?.querySelector('.link-button');
      if (!(button instanceof HTMLButtonElement)) throw new Error(`no button for ${step} ${option ?? 'Back'}`);
      button.click();
      return { shown: shown(), progress: progress() };
    });
  }, taps);
}

test('issue 10: a step built ahead shows in the tap itself; taps faster than React renders keep one step on screen', async ({
  page,
}) => {
  await page.goto('/survey');
  await pick(page, 'car');
  await expectStep(page, 'AutoAccidentCaseWorth');
  // A visitor who answers a form the moment it shows, before React renders the move: the step shown takes
  // no input until then (inert, React's to lift after the paint), and the visitor's first touch renders the
  // move at once; the answers are kept and the form goes on. All in one task of the page.
  await expect(page.locator('section[data-step="WhenWasTheAccident"] select[name="injury_year"]')).toBeAttached();
  const accident = recentAccident();
  const inert = await page.evaluate((date) => {
    const choice = document.querySelector('section[data-step="AutoAccidentCaseWorth"] [data-option="i_think_so"]');
    if (!(choice instanceof HTMLButtonElement)) throw new Error('no i_think_so option');
    choice.click();
    const form = document.querySelector('section[data-step="WhenWasTheAccident"] form');
    if (!(form instanceof HTMLFormElement)) throw new Error('no date form');
    const pane = form.closest('section');
    const shownInert = pane?.inert;
    form.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    const touchedInert = pane?.inert;
    for (const [name, value] of Object.entries(date)) {
      const select = form.elements.namedItem(`injury_${name}`);
      if (!(select instanceof HTMLSelectElement)) throw new Error(`no ${name} select`);
      select.focus();
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    form.requestSubmit();
    return { shown: shownInert, touched: touchedInert };
  }, accident);
  expect(inert).toEqual({ shown: true, touched: false });
  await expectStep(page, 'AtFault');
  await expect(shownStep(page)).toHaveCount(1);
  // The step ahead is built, hidden, while the visitor reads (step-view.tsx).
  await expect(page.locator('section[data-step="WasUserInjured"]')).toBeAttached();
  await expect(page.locator('section[data-step="WasUserInjured"]')).toBeHidden();
  const before = await page.locator('.progress__label strong').textContent();

  // A tap: the next step is on screen when the tap's handler returns; then a second tap, on the step just
  // revealed, in the same task (React has not rendered the first move yet).
  const [first, second] = await tapAtOnce(page, [
    { step: 'AtFault', option: 'another_person' },
    { step: 'WasUserInjured', option: 'Whiplash' },
  ]);
  expect(first?.shown).toEqual(['WasUserInjured']);
  expect(second?.shown).toEqual(['DidYouReceiveMedicalTreatment']);
  await expect(shownStep(page)).toHaveCount(1);
  await expectStep(page, 'DidYouReceiveMedicalTreatment');
  await expect(page.locator('.progress__label strong')).not.toHaveText(before ?? '');

  // Both answers were taken: Back shows each with its option chosen, one step at a time.
  await page.getByRole('button', { name: '← Back' }).click();
  await expectStep(page, 'WasUserInjured');
  await expect(shownStep(page)).toHaveCount(1);
  await expect(shownStep(page).locator('[data-option="Whiplash"]')).toHaveClass(/choice--chosen/);
  await page.getByRole('button', { name: '← Back' }).click();
  await expectStep(page, 'AtFault');
  await expect(shownStep(page).locator('[data-option="another_person"]')).toHaveClass(/choice--chosen/);

  // A tap and the revealed step's Back in the same task: the visitor is back where they were, on one step.
  await expect(page.locator('section[data-step="WasUserInjured"]')).toBeAttached();
  const [tapped, back] = await tapAtOnce(page, [{ step: 'AtFault', option: 'me' }, { step: 'WasUserInjured' }]);
  expect(tapped?.shown).toEqual(['WasUserInjured']);
  expect(back?.shown).toEqual(['WasUserInjured']);
  await expectStep(page, 'AtFault');
  await expect(shownStep(page)).toHaveCount(1);
  await expect(shownStep(page).locator('[data-option="me"]')).toHaveClass(/choice--chosen/);
  await pick(page, 'another_person');
  await expectStep(page, 'WasUserInjured');
  await expect(shownStep(page)).toHaveCount(1);

  // The frame after a tap shows the next step, and React's render of the move comes after that frame:
  // the progress bar still reads the step left in it, and moves on right after.
  await expect(page.locator('section[data-step="DidYouReceiveMedicalTreatment"]')).toBeAttached();
  const left = await page.locator('.progress__label strong').textContent();
  const frame = await page.evaluate(async () => {
    const pane = document.querySelector('section[data-step="WasUserInjured"]');
    const button = pane?.querySelector('[data-option="Whiplash"]');
    if (!(button instanceof HTMLButtonElement)) throw new Error('no Whiplash option');
    button.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return {
      shown: Array.from(document.querySelectorAll('section[data-step]'))
        .filter((section) => section.getBoundingClientRect().height > 0)
        .map((section) => section.getAttribute('data-step')),
      progress: document.querySelector('.progress__label strong')?.textContent,
    };
  });
  expect(frame).toEqual({ shown: ['DidYouReceiveMedicalTreatment'], progress: left });
  await expect(page.locator('.progress__label strong')).not.toHaveText(left ?? '');
  await expect(shownStep(page)).toHaveCount(1);
});

test('on a phone the answer under the finger after a tap is not drawn hovered; a mouse still sees hover', async ({
  browser,
  baseURL,
}) => {
  // A phone keeps the spot it was tapped "hovered" until the next touch elsewhere, so the next step's
  // answer under the finger looked chosen already. The pointer resting on an answer stands for that state:
  // on a device that cannot hover (Chromium's phone emulation: `(hover: none)`), it draws nothing; on a
  // desktop, hover shows as before (the control that this test can fail).
  for (const device of [
    { name: 'phone', options: { isMobile: true, hasTouch: true, viewport: { width: 375, height: 740 } }, hover: false },
    { name: 'desktop', options: { viewport: { width: 1280, height: 800 } }, hover: true },
  ]) {
    const context = await browser.newContext({ ...device.options, baseURL });
    const page = await context.newPage();
    await page.goto('/g');
    await pick(page, 'car');
    await expectStep(page, 'AutoAccidentCaseWorth');
    const [under, other] = [
      shownStep(page).locator('[data-option="i_think_so"]'),
      shownStep(page).locator('[data-option="not_sure"]'),
    ];
    await under.hover();
    const border = (choice: typeof under) => choice.evaluate((b) => getComputedStyle(b).borderColor);
    expect(await under.evaluate((b) => b.matches(':hover')), device.name).toBe(true);
    if (device.hover) expect(await border(under), device.name).not.toBe(await border(other));
    else expect(await border(under), device.name).toBe(await border(other));
    await context.close();
  }
});

test('issue 10: a date step kept ahead holds only its chosen options; shown, it lists them all, and Back finds the date chosen', async ({
  page,
}) => {
  const years = yearOptions(isoDateOf(new Date())).length;
  const datePane = page.locator('section[data-step="WhenWasTheAccident"]');
  const select = (name: string) => datePane.locator(`select[name="${name}"]`);
  await page.goto('/survey');
  await pick(page, 'car');
  await expectStep(page, 'AutoAccidentCaseWorth');
  // Built ahead, hidden: each select holds its empty choice only (nothing is chosen yet).
  await expect(select('injury_year')).toBeAttached();
  await expect(datePane).toBeHidden();
  await expect(select('injury_year').locator('option')).toHaveCount(1);
  await expect(select('injury_month').locator('option')).toHaveCount(1);
  await expect(select('injury_day').locator('option')).toHaveCount(1);
  // Shown: every year since 2015, "Earlier than 2015" and the empty choice.
  await pick(page, 'i_think_so');
  await expectStep(page, 'WhenWasTheAccident');
  await expect(select('injury_year').locator('option')).toHaveCount(years + 1);
  const accident = recentAccident();
  await select('injury_year').selectOption(accident.year);
  await select('injury_month').selectOption(accident.month);
  await datePane.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'AtFault');
  // After a reload the date step is kept again, for Back, built anew: it holds the date chosen, which
  // its selects read; Back shows it with every choice again.
  await page.reload();
  await expectStep(page, 'AtFault');
  await expect(select('injury_year').locator('option')).toHaveCount(2);
  await expect(select('injury_year')).toHaveValue(accident.year);
  await expect(select('injury_month')).toHaveValue(accident.month);
  await page.getByRole('button', { name: '← Back' }).click();
  await expectStep(page, 'WhenWasTheAccident');
  await expect(select('injury_year').locator('option')).toHaveCount(years + 1);
  await expect(select('injury_year')).toHaveValue(accident.year);
  await expect(select('injury_month')).toHaveValue(accident.month);
});

/** Sets form fields of the step on screen and sends the form, in one task of the page (no pause to prepare). */
async function changeAndSend(page: Page, step: string, values: Record<string, string>) {
  await page.evaluate(
    ({ step, values }) => {
      const form = document.querySelector(`section[data-step="${step}"] form`);
      if (!(form instanceof HTMLFormElement)) throw new Error(`no form on ${step}`);
      for (const [name, value] of Object.entries(values)) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLSelectElement) {
          field.value = value;
          field.dispatchEvent(new Event('change', { bubbles: true }));
        } else if (field instanceof HTMLTextAreaElement) {
          // React tracks the value it set: the prototype's setter, as typing does.
          Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(field, value);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        } else throw new Error(`no field ${name} on ${step}`);
      }
      form.requestSubmit();
    },
    { step, values },
  );
}

test('issue 10: what a form leads to is worked out while the visitor pauses, and a change made after that is what is sent', async ({
  page,
}) => {
  await page.goto('/survey');
  await pick(page, 'car');
  const leadId = await savedLeadId(page, 'extended');
  await pick(page, 'i_think_so');
  await expectStep(page, 'WhenWasTheAccident');
  const accident = recentAccident();
  const form = shownStep(page);
  await form.locator('select[name="injury_year"]').selectOption(accident.year);
  await form.locator('select[name="injury_month"]').selectOption(accident.month);
  await form.locator('select[name="injury_day"]').selectOption(accident.day);
  // The pause: the outcome of this date is worked out at idle (forms/use-step-form.ts). Then another day,
  // sent in the same task as the change, before any idle moment: the day sent is the new one.
  await page.waitForTimeout(1_500);
  const otherDay = accident.day === '01' ? '02' : '01';
  await changeAndSend(page, 'WhenWasTheAccident', { injury_day: otherDay });
  await expectStep(page, 'AtFault');
  await page.getByRole('button', { name: '← Back' }).click();
  await expectStep(page, 'WhenWasTheAccident');
  await expect(shownStep(page).locator('select[name="injury_day"]')).toHaveValue(otherDay);
  await shownStep(page).locator('button[type="submit"]').click();
  await pick(page, 'another_person');
  await pick(page, 'not_injured');
  await pick(page, 'no');
  await pick(page, 'need_lawyer');

  // The description: one text read while the visitor pauses, another sent.
  await expectStep(page, 'IncidentDescription');
  await shownStep(page)
    .locator('textarea[name="case_description"]')
    .fill('A pickup truck ran the red light and hit me');
  await page.waitForTimeout(1_500);
  const sent = 'A delivery van backed into my parked car at the grocery store';
  await changeAndSend(page, 'IncidentDescription', { case_description: sent });
  await fillContact(page);
  await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
  await page.waitForURL(/\/survey-thank-you\//);
  const [row] = storedLeads(leadId);
  expect(row?.lead).toMatchObject({ case_description: sent, injury_day: otherDay });
});

test('the visitor sees each §5 message and an unknown zip is refused', async ({ page }) => {
  await page.goto('/survey');
  await pick(page, 'truck');
  await answerUntilDescription(page, 'Broken Bones');
  await pick(page, 'Ambulance');
  await pick(page, 'not_sure');
  await pick(page, 'need_lawyer');
  await shownStep(page).locator('textarea[name="case_description"]').fill('Hit hard');
  await expect(page.getByText('12 more characters needed')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please describe the incident in at least 20 characters')).toBeVisible();
  await shownStep(page)
    .locator('textarea[name="case_description"]')
    .fill('A car hit me hard from behind on the freeway');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please provide a first name')).toBeVisible();
  await expect(page.getByText('Please provide a last name')).toBeVisible();
  await expect(page.getByText('Please provide a valid email')).toBeVisible();
  await shownStep(page).locator('input[name="first_name"]').fill('Ann');
  await shownStep(page).locator('input[name="last_name"]').fill('Lee');
  await shownStep(page).locator('input[name="email"]').fill('ann@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await shownStep(page).locator('input[name="phone"]').fill('555');
  await shownStep(page).locator('input[name="zip_code"]').fill('00000');
  await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
  await expect(page.getByText('Please provide a valid phone number')).toBeVisible();
  await shownStep(page).locator('input[name="phone"]').fill('5125550100');
  await page.getByRole('button', { name: 'Get My Free Case Review' }).click();
  await expect(page.getByText('Please provide a valid zip number')).toBeVisible();
  await expectStep(page, 'PhoneAndZip');
});

test('issue 10: a form step is sent by its button’s press, with no form submission; Enter in a field sends it too', async ({
  page,
}) => {
  await page.goto('/survey');
  // Every form submission the page sees from here on (the press sends the step itself: step-submit.tsx).
  await page.evaluate(() => {
    sessionStorage.setItem('e2e:submits', '0');
    window.addEventListener(
      'submit',
      () => sessionStorage.setItem('e2e:submits', String(Number(sessionStorage.getItem('e2e:submits')) + 1)),
      true,
    );
  });
  const submits = () => page.evaluate(() => Number(sessionStorage.getItem('e2e:submits')));
  await pick(page, 'car');
  await answerUntilDescription(page, 'Whiplash');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await expectStep(page, 'IncidentDescription');
  await shownStep(page)
    .locator('textarea[name="case_description"]')
    .fill('A pickup truck ran the red light and hit my driver side door');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectStep(page, 'NameAndEmail');
  // A refusal still shows its messages when the press sends the step.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please provide a first name')).toBeVisible();
  expect(await submits()).toBe(0);

  // Enter in a field: the browser presses the form's button, which sends the step (no submission either).
  await shownStep(page).locator('input[name="first_name"]').fill('Maria');
  await shownStep(page).locator('input[name="last_name"]').fill('Lopez');
  await shownStep(page).locator('input[name="email"]').fill('maria.lopez@example.com');
  await shownStep(page).locator('input[name="email"]').press('Enter');
  await expectStep(page, 'PhoneAndZip');
  await expect(page.getByText('Please provide a first name')).toHaveCount(0);
  expect(await submits()).toBe(0);
});

test('issue 10: the last tap shows the submit’s overlay in its own frame, and it stays until the thank-you page', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/post-lead', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/survey');
  await pick(page, 'car');
  await answerUntilDescription(page, 'Whiplash');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await page
    .locator('textarea[name="case_description"]')
    .fill('A pickup truck ran the red light and hit my driver side door');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillContact(page);
  // The overlay is in the page from the start, hidden, inside a status region that is always there.
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toBeHidden();
  await expect(page.getByRole('status').filter({ has: overlay })).toHaveCount(1);
  // Its checks are in once the zip is looked up; then the tap, and the frame it paints.
  await page.waitForTimeout(500);
  const shownInFrame = await page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>('section[data-step="PhoneAndZip"] button[type="submit"]');
    if (!button) throw new Error('no submit button');
    button.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return document.querySelector<HTMLElement>('[data-testid="loading-overlay"]')?.checkVisibility() ?? false;
  });
  expect(shownInFrame).toBe(true);
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveText('Submitting your case review…');
  // React has rendered the submit since, and keeps the overlay while the post is on its way.
  await page.waitForTimeout(500);
  await expect(overlay).toBeVisible();
  release();
  await page.waitForURL(/\/survey-thank-you\//);
});

test('a failed first post is retried with the same id and stored once; the visitor still reaches thank-you', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/post-lead', async (route) => {
    calls += 1;
    if (calls === 1) return route.fulfill({ status: 503, body: 'unavailable' });
    return route.continue();
  });
  await page.goto('/survey');
  await pick(page, 'motorcycle');
  const leadId = await savedLeadId(page, 'extended');
  await answerUntilDescription(page, 'Head Injury');
  await pick(page, "Doctor's Office");
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await finish(page);
  expect(calls).toBe(2);
  expect(storedLeads(leadId)).toHaveLength(1);
});

test('a lead refused with 429 is kept, and the thank-you page posts it after Retry-After: stored once (issue 9)', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/post-lead', async (route) => {
    calls += 1;
    if (calls === 1) {
      return route.fulfill({
        status: 429,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ error: 'too_many_requests', message: 'Too many leads for this email or phone today' }),
      });
    }
    return route.continue();
  });
  await page.goto('/survey');
  await pick(page, 'car');
  const leadId = await savedLeadId(page, 'extended');
  await answerUntilDescription(page, 'Whiplash');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await finish(page);
  // Refused at first: nothing stored yet, the lead waits in the page's outbox.
  expect(calls).toBe(1);
  expect(storedLeads(leadId)).toHaveLength(0);
  // The thank-you page posts it again once the second has passed.
  await expect.poll(() => storedLeads(leadId).length, { timeout: 15_000 }).toBe(1);
  expect(calls).toBe(2);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('funnel:lead-outbox'))).toBeNull();
  // Reloading posts nothing more.
  await page.reload();
  expect(storedLeads(leadId)).toHaveLength(1);
  expect(calls).toBe(2);
});

test('when the server cannot be reached the visitor still reaches the thank-you page (§8)', async ({ page }) => {
  await page.route('**/post-lead', (route) => route.abort('connectionrefused'));
  await page.goto('/survey');
  await pick(page, 'car');
  await answerUntilDescription(page, 'Whiplash');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  expect((await finish(page)).thankYou.searchParams.get('q')).toBe('y');
});
