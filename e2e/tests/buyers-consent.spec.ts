/**
 * Issue 13, spec §3 consent fields, §4 "Consent variant" and "Consent decision", §7 /buyers/get-available,
 * §8, §9: each consent path, its modals and counters, and what the server stores (the consent fields it
 * checked, the consent text naming the buyers kept, the version of that text it renders).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../e2e-env';
import { expectStep, fillPhone, ownVisitor, postedLeadId, walkToConsent } from './consent-walk';
import { shownStep } from './survey-steps';
import { storedLeads } from './stored-leads';

const SUBMIT = 'Get My Free Case Review';

function consentVersionText(id: unknown): { text: string; buyers: unknown } | undefined {
  const db = new Database(path.join(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT text, buyers FROM consent_versions WHERE id = ?').get(String(id)) as
      { text: string; buyers: string } | undefined;
    return row && { text: row.text, buyers: JSON.parse(row.buyers) };
  } finally {
    db.close();
  }
}

function buyers(page: Page) {
  return shownStep(page).getByTestId('consent-buyers').locator('input[type="checkbox"]');
}

async function submitAndStore(page: Page, leadId: () => string) {
  await page.waitForURL(/\/survey-thank-you\//);
  const [row] = storedLeads(leadId());
  expect(row).toBeDefined();
  return row?.lead ?? {};
}

// Issue 28: the fixed lists name real buyers (apps/server/config/sample-consent-lists.json, the sample buyers).
const HARPER = 'Harper & Vance Injury Lawyers, LLP';
const DELGADO = 'Delgado Martin Law Group';

/** The buyers a stored lead was routed to (delivery jobs), read from the server's database. */
function routedTo(leadId: string): string[] {
  const db = new Database(path.join(E2E_DATA_DIR, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT buyer_key FROM delivery_jobs WHERE lead_id = ? ORDER BY buyer_key').all(leadId);
    return rows.flatMap((row) =>
      typeof row === 'object' && row !== null && 'buyer_key' in row ? [String(row.buyer_key)] : [],
    );
  } finally {
    db.close();
  }
}

test('v4nv-d1: the one fixed buyer, a real firm, kept; the lead goes to it alone; the text names it', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  const visitor = ownVisitor('d1');
  await walkToConsent(page, '/survey/v4nv-d1', '78701', true, undefined, visitor.email);
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(1);
  await expect(buyers(page).first()).toBeChecked();
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  expect(tcpa).toContain(`including ${HARPER},`);
  await fillPhone(page, visitor.phone);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({
    '1_to_1_consent': 'yes',
    '1_to_1_timeout': 'no',
    '1_to_1_result': 'all_selected',
    '1_to_1_dq': 'no',
    selected_buyers: '_1_2_3_',
    selected_buyer_names: HARPER,
    displayed_buyers: '_1_2_3_',
    selected_buyers_number: 1,
    selected_buyers_changed: 'no',
    all_possible_buyer_ids: '_8674_1_2_3_',
    all_possible_buyer_names: `Accident Claims Team|${HARPER}`,
    all_possible_buyers_number: 2,
    consent_modal_first_shown: 0,
    consent_modal_second_shown: 0,
    consent_buyers_refused: '',
    lead_is_qualified: 'yes',
    tcpa,
    consent_mismatch: 'no',
  });
  expect(consentVersionText(lead.consent_version)).toEqual({ text: tcpa, buyers: [HARPER] });
  // The promise kept: the lead is sold to the firm the visitor consented to, and to no other buyer.
  expect(routedTo(leadId())).toEqual(['harper-vance-injury-lawyers']);
});

test('v4nv-d2: five real firms; fewer kept shows the first modal, counted each time; the lead goes to those kept', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  const visitor = ownVisitor('d2');
  await page.setViewportSize({ width: 1280, height: 900 });
  await walkToConsent(page, '/survey/v4nv-d2', '78701', true, undefined, visitor.email);
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(5);
  await fillPhone(page, visitor.phone);
  await shownStep(page).getByLabel(DELGADO).uncheck();
  await shownStep(page).getByLabel('Great Lakes Injury Counsel').uncheck();
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  expect(tcpa).toContain(`including ${HARPER}, Southeast Accident Attorneys, P.A. and Keystone Trial Partners,`);
  await page.screenshot({ path: 'test-results/screens/consent-d2-1280.png', fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/screens/consent-d2-375.png', fullPage: true });
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByTestId('consent-modal-first')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/consent-modal-375.png' });
  await page.getByRole('button', { name: 'Review the law firms' }).click();
  await expect(page.getByTestId('consent-modal-first')).toBeHidden();
  await page.getByRole('button', { name: SUBMIT }).click();
  await page.getByRole('button', { name: 'Continue with my selection' }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({
    '1_to_1_result': 'some_selected',
    selected_buyers: '_1_2_3_7_8_9_13_14_15_',
    selected_buyer_names: `${HARPER}|Southeast Accident Attorneys, P.A.|Keystone Trial Partners`,
    displayed_buyers: '_1_2_3_4_5_6_7_8_9_10_11_12_13_14_15_',
    selected_buyers_number: 3,
    selected_buyers_changed: 'yes',
    all_possible_buyers_number: 6,
    consent_modal_first_shown: 2,
    consent_modal_second_shown: 0,
    tcpa,
    consent_mismatch: 'no',
  });
  // Sold to one of the firms kept (routing is exclusive), never to one the visitor unticked or never saw.
  const sold = routedTo(leadId());
  expect(sold).toHaveLength(1);
  expect(['harper-vance-injury-lawyers', 'keystone-trial-partners', 'southeast-accident-attorneys']).toContain(sold[0]);
});

test('v4nv-x1: one real firm, kept: the lead goes to it', async ({ page }) => {
  const leadId = postedLeadId(page);
  const visitor = ownVisitor('x1');
  await walkToConsent(page, '/survey/v4nv-x1', '78701', true, undefined, visitor.email);
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(1);
  await expect(shownStep(page).getByTestId('consent-buyers')).toContainText(DELGADO);
  await fillPhone(page, visitor.phone);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({ selected_buyers: '_4_5_6_', selected_buyer_names: DELGADO, lead_is_qualified: 'yes' });
  expect(routedTo(leadId())).toEqual(['delgado-martin-law-group']);
});

// §4 "no buyers selected shows the second consent modal"; issue 28: then no promise of a call, a consent
// that names no firm, and a lead sold to no one.
test('v4nv-x1: none kept shows the second modal; going on without a firm promises no call and sells to no one', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  await walkToConsent(page, '/survey/v4nv-x1', '78701');
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(1);
  await fillPhone(page);
  await buyers(page).first().uncheck();
  // The text under the button says so before the visitor sends it.
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  expect(tcpa).toContain('no law firm may contact me');
  expect(tcpa).not.toContain('affiliated attorneys');
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByTestId('consent-modal-second')).toBeVisible();
  const arrival = page.waitForRequest((r) => r.isNavigationRequest() && /\/survey-thank-you\//.test(r.url()));
  await page.getByRole('button', { name: 'Continue without a law firm' }).click();
  const thankYou = new URL((await arrival).url()).searchParams;
  expect([thankYou.get('q'), thankYou.get('dq_reason')]).toEqual(['n', '1_to_1_dq|yes']);
  const lead = await submitAndStore(page, leadId);
  // The thank-you page promises no call (issue 28): not the qualified text, nor the generic disqualified one.
  await expect(page.locator('h1')).toHaveText('Thank you. Your answers are in.');
  await expect(page.locator('.thank-you__lead')).toHaveText(
    'You chose not to be contacted by a law firm, so no law firm will call you about this request. If you change your mind, you can call us.',
  );
  await expect(page.locator('.next-steps')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/may call you|call back/);
  expect(lead).toMatchObject({
    '1_to_1_result': 'none_selected',
    '1_to_1_dq': 'yes',
    selected_buyers: '',
    selected_buyers_number: 0,
    selected_buyers_changed: 'yes',
    displayed_buyers: '_4_5_6_',
    consent_modal_second_shown: 1,
    lead_is_qualified: 'no',
    dq_reason: '1_to_1_dq|yes',
    do_not_send_to_dq: 'yes',
    tcpa,
    consent_mismatch: 'no',
  });
  expect(consentVersionText(lead.consent_version)).toEqual({ text: tcpa, buyers: [] });
  expect(routedTo(leadId())).toEqual([]);
});

test('v4nv-x1: the second modal can select every firm and go on', async ({ page }) => {
  const leadId = postedLeadId(page);
  await walkToConsent(page, '/survey/v4nv-x1', '78701');
  await fillPhone(page);
  await buyers(page).first().uncheck();
  await page.getByRole('button', { name: SUBMIT }).click();
  await page.getByRole('button', { name: 'Select all firms and continue' }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({
    selected_buyers: '_4_5_6_',
    '1_to_1_result': 'all_selected',
    consent_modal_second_shown: 1,
  });
});

test('v4nv-ep: the buyers are fetched with the lead so far; the team entry leads all possible buyers', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  let asked: unknown;
  page.on('request', (request) => {
    if (request.url().endsWith('/buyers/get-available')) asked = JSON.parse(request.postData() ?? '{}');
  });
  await walkToConsent(page, '/survey/v4nv-ep', '78701');
  await expectStep(page, 'PhoneAndBuyersConsent');
  // With the visit's tracking (§3): a firm whose criteria name a sub_id is offered only to a visit carrying it.
  expect(asked).toMatchObject({
    fields: { state: 'TX', zip_code: '78701', physical_injury: 'Yes', sub_id: expect.any(String) },
  });
  await expect(shownStep(page).getByLabel('Lone Star Injury Lawyers')).toBeChecked();
  await fillPhone(page);
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({ '1_to_1_consent': 'yes', '1_to_1_timeout': 'no', tcpa, consent_mismatch: 'no' });
  expect(String(lead.selected_buyer_names)).toContain('Lone Star Injury Lawyers');
  expect(String(lead.all_possible_buyer_ids)).toMatch(/^_8674_/);
});

// Issue 28: the firms a visitor can consent to are buyers that can take the lead: the §9 fallback firms too.
test('v4nv-ep: no buyer can take the lead, state not excluded: no firm is offered, not even the fallback firms', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  // Not injured: no sample buyer takes it, the fallback firms included; Ohio is not among §9's excluded states.
  await walkToConsent(page, '/survey/v4nv-ep', '43215', false);
  await expectStep(page, 'PhoneAbbreviatedTCPA');
  await expect(page.getByTestId('consent-buyers')).toHaveCount(0);
  await fillPhone(page);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({ '1_to_1_consent': 'no', '1_to_1_timeout': 'no' });
  expect(lead.selected_buyers).toBeUndefined();
});

test('v4nv-ep: no buyer in an excluded state: nothing to consent to, the abbreviated consent step', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  await walkToConsent(page, '/survey/v4nv-ep', '78701', false);
  await expectStep(page, 'PhoneAbbreviatedTCPA');
  await expect(page.getByTestId('consent-buyers')).toHaveCount(0);
  await fillPhone(page);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({ '1_to_1_consent': 'no', '1_to_1_timeout': 'no' });
  expect(lead.selected_buyers).toBeUndefined();
});

test('v4nv-ep: the buyers call times out after 15 s: timeout yes, the fallback firms, the flow goes on (§8)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const leadId = postedLeadId(page);
  await page.route('**/buyers/get-available', () => undefined); // never answered
  const started = Date.now();
  await walkToConsent(page, '/survey/v4nv-ep', '43215', true, 30_000);
  await expectStep(page, 'PhoneAndBuyersConsent');
  expect(Date.now() - started).toBeGreaterThanOrEqual(15_000);
  await expect(buyers(page)).toHaveCount(2);
  await fillPhone(page);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({ '1_to_1_timeout': 'yes', displayed_buyers: '_40747_40745_' });
});
