/**
 * Issue 13, spec §3 consent fields, §4 "Consent variant" and "Consent decision", §7 /buyers/get-available,
 * §8, §9: each consent path, its modals and counters, and what the server stores (the consent fields it
 * checked, the consent text naming the buyers kept, the version of that text it renders).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../e2e-env';
import { expectStep, fillPhone, postedLeadId, walkToConsent } from './consent-walk';
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

test('v4nv-d1: the one fixed buyer, kept; the consent text names it and is the version the server stores', async ({
  page,
}) => {
  const leadId = postedLeadId(page);
  await walkToConsent(page, '/survey/v4nv-d1', '78701');
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(1);
  await expect(buyers(page).first()).toBeChecked();
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  expect(tcpa).toContain('including Partner Law Firm 1,');
  await fillPhone(page);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({
    '1_to_1_consent': 'yes',
    '1_to_1_timeout': 'no',
    '1_to_1_result': 'all_selected',
    '1_to_1_dq': 'no',
    selected_buyers: '_1_2_3_',
    selected_buyer_names: 'Partner Law Firm 1',
    displayed_buyers: '_1_2_3_',
    selected_buyers_number: 1,
    selected_buyers_changed: 'no',
    all_possible_buyer_ids: '_8674_1_2_3_',
    all_possible_buyer_names: 'Default Team|Partner Law Firm 1',
    all_possible_buyers_number: 2,
    consent_modal_first_shown: 0,
    consent_modal_second_shown: 0,
    consent_buyers_refused: '',
    tcpa,
    consent_mismatch: 'no',
  });
  expect(consentVersionText(lead.consent_version)).toEqual({ text: tcpa, buyers: ['Partner Law Firm 1'] });
});

test('v4nv-d2: five buyers; fewer kept shows the first modal, counted each time it shows', async ({ page }) => {
  const leadId = postedLeadId(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await walkToConsent(page, '/survey/v4nv-d2', '78701');
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(5);
  await fillPhone(page);
  await shownStep(page).getByLabel('Partner Law Firm 2').uncheck();
  await shownStep(page).getByLabel('Partner Law Firm 4').uncheck();
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  expect(tcpa).toContain('including Partner Law Firm 1, Partner Law Firm 3 and Partner Law Firm 5,');
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
    selected_buyer_names: 'Partner Law Firm 1|Partner Law Firm 3|Partner Law Firm 5',
    displayed_buyers: '_1_2_3_4_5_6_7_8_9_10_11_12_13_14_15_',
    selected_buyers_number: 3,
    selected_buyers_changed: 'yes',
    all_possible_buyers_number: 6,
    consent_modal_first_shown: 2,
    consent_modal_second_shown: 0,
    tcpa,
    consent_mismatch: 'no',
  });
});

test('v4nv-x1: none kept shows the second modal; going on without a firm is recorded as such', async ({ page }) => {
  const leadId = postedLeadId(page);
  await walkToConsent(page, '/survey/v4nv-x1', '78701');
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(1);
  await fillPhone(page);
  await buyers(page).first().uncheck();
  await page.getByRole('button', { name: SUBMIT }).click();
  await expect(page.getByTestId('consent-modal-second')).toBeVisible();
  await page.getByRole('button', { name: 'Continue without a law firm' }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({
    '1_to_1_result': 'none_selected',
    '1_to_1_dq': 'yes',
    selected_buyers: '',
    selected_buyers_number: 0,
    selected_buyers_changed: 'yes',
    displayed_buyers: '_1_',
    consent_modal_second_shown: 1,
    consent_mismatch: 'no',
  });
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
    selected_buyers: '_1_',
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
  expect(asked).toMatchObject({ fields: { state: 'TX', zip_code: '78701', physical_injury: 'Yes' } });
  await expect(shownStep(page).getByLabel('Lone Star Injury Lawyers')).toBeChecked();
  await fillPhone(page);
  const tcpa = await shownStep(page).getByTestId('tcpa').innerText();
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({ '1_to_1_consent': 'yes', '1_to_1_timeout': 'no', tcpa, consent_mismatch: 'no' });
  expect(String(lead.selected_buyer_names)).toContain('Lone Star Injury Lawyers');
  expect(String(lead.all_possible_buyer_ids)).toMatch(/^_8674_/);
});

test('v4nv-ep: no buyer for the lead, state not excluded: the two fallback firms (§8, §9)', async ({ page }) => {
  const leadId = postedLeadId(page);
  // Not injured: no sample buyer takes it; Ohio is not among §9's excluded states.
  await walkToConsent(page, '/survey/v4nv-ep', '43215', false);
  await expectStep(page, 'PhoneAndBuyersConsent');
  await expect(buyers(page)).toHaveCount(2);
  await fillPhone(page);
  await page.getByRole('button', { name: SUBMIT }).click();
  const lead = await submitAndStore(page, leadId);
  expect(lead).toMatchObject({
    '1_to_1_timeout': 'no',
    displayed_buyers: '_40747_40745_',
    selected_buyers: '_40747_40745_',
  });
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
