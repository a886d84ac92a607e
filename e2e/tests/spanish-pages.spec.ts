/**
 * Issue 11: every string a Spanish visitor can see, the document head included, comes from the Spanish
 * catalog. Walks the Spanish surveys step by step (errors shown too) and fails on any English found in
 * the page's DOM (every text node, the steps rendered ahead included, and the attributes a reader or a
 * screen reader meets) or head (title, description, lang).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pick, shownStep } from './survey-steps';

const SHOTS = path.resolve(import.meta.dirname, '../../test-results/issue-11-shots');
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({
    path: path.join(SHOTS, `es-${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });
}

/** Words no Spanish sentence of ours holds: one of them in a Spanish page is English left over. */
const ENGLISH_WORDS = [
  'the',
  'your',
  'you',
  'and',
  'with',
  'than',
  'earlier',
  'please',
  'what',
  'when',
  'did',
  'have',
  'get',
  'my',
  'of',
  'to',
  'for',
  'is',
  'are',
  'were',
  'was',
  'review',
  'continue',
  'back',
  'submit',
  'accident',
  'injury',
  'lawyer',
  'checking',
  'page',
  'not',
  'found',
  'free',
];
const ENGLISH = new RegExp(`\\b(${ENGLISH_WORDS.join('|')})\\b`, 'i');
/** Names that stay as they are in any language. */
const NAMES = ['Accident Claim Check', 'Injury Case Finder'];

interface PageText {
  lang: string;
  head: string[];
  body: string[];
}

async function pageText(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const body: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement?.tagName;
      if (parent === 'SCRIPT' || parent === 'STYLE') continue;
      const text = node.textContent?.trim() ?? '';
      if (text) body.push(text);
    }
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value) body.push(value);
      }
    }
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    return { lang: document.documentElement.lang, head: [document.title, description], body };
  });
}

function englishIn(texts: readonly string[]): string[] {
  return texts.filter((text) => ENGLISH.test(NAMES.reduce((rest, name) => rest.replaceAll(name, ''), text)));
}

async function expectSpanish(page: Page, where: string, options: { lang?: boolean } = {}) {
  const text = await pageText(page);
  if (options.lang !== false) expect(text.lang, `${where}: <html lang>`).toBe('es');
  expect(englishIn(text.head), `${where}: head`).toEqual([]);
  expect(englishIn(text.body), `${where}: body`).toEqual([]);
}

function recent() {
  const date = new Date(Date.now() - 40 * 86_400_000);
  return { year: String(date.getUTCFullYear()), month: String(date.getUTCMonth() + 1).padStart(2, '0') };
}

test('the finder of English words finds English, and not our Spanish', () => {
  expect(
    englishIn(['Earlier than 2015', 'Free Car Accident Case Review', 'Please provide a valid email']),
  ).toHaveLength(3);
  expect(
    englishIn(['Antes de 2015', '¿Qué pasó?', 'Injury Case Finder', 'DUI / DWI', 'Accidente en Uber o Lyft']),
  ).toEqual([]);
});

for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 860 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('/survey/es speaks only Spanish on every step, its errors and its head (issue 11 item 8)', async ({
      page,
    }) => {
      await page.goto('/survey/es');
      await expectSpanish(page, 'StartPath');
      await pick(page, 'car');
      await expectSpanish(page, 'AutoAccidentCaseWorth');
      await pick(page, 'i_think_so');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(shownStep(page).getByText('Por favor elija el año del accidente')).toBeVisible();
      // "Earlier than 2015" in the year list, the first English a reviewer found.
      await expect(shownStep(page).locator('select[name="injury_year"] option').last()).toHaveText('Antes de 2015');
      await expectSpanish(page, 'WhenWasTheAccident with its error');
      await shoot(page, '01-when-error');
      const { year, month } = recent();
      await shownStep(page).locator('select[name="injury_year"]').selectOption(year);
      await shownStep(page).locator('select[name="injury_month"]').selectOption(month);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expectSpanish(page, 'AtFault');
      await pick(page, 'another_person');
      await pick(page, 'Whiplash');
      await expectSpanish(page, 'DidYouReceiveMedicalTreatment');
      await pick(page, 'Emergency Room');
      await pick(page, 'yes');
      await expectSpanish(page, 'HasLawyer');
      await pick(page, 'need_lawyer');
      await shownStep(page).locator('textarea[name="case_description"]').fill('Me chocaron');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(shownStep(page).locator('.field__error')).toBeVisible();
      await expectSpanish(page, 'IncidentDescription with its error');
      await shoot(page, '02-description-error');
      await shownStep(page)
        .locator('textarea[name="case_description"]')
        .fill('Me chocaron por detrás en el semáforo de la avenida');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await expect(shownStep(page).locator('.field__error')).toHaveCount(3);
      await expectSpanish(page, 'NameAndEmail with its errors');
      await shownStep(page).locator('input[name="first_name"]').fill('Ana');
      await shownStep(page).locator('input[name="last_name"]').fill('Ruiz');
      await shownStep(page).locator('input[name="email"]').fill('ana.ruiz@example.com');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('button', { name: 'Obtener mi revisión gratuita' }).click();
      await expect(shownStep(page).locator('.field__error')).toHaveCount(2);
      await expectSpanish(page, 'PhoneAndZip with its errors');
      await shoot(page, '03-phone-zip-errors');
      await shownStep(page).locator('input[name="phone"]').fill('5125550100');
      await shownStep(page).locator('input[name="zip_code"]').fill('78701');
      await page.getByRole('button', { name: 'Obtener mi revisión gratuita' }).click();
      await page.waitForURL(/\/survey-thank-you\//);
      // The thank-you page's <html lang> is issue 12's; its words are checked here.
      await expect(page.locator('main')).toBeVisible();
      await expectSpanish(page, 'thank-you', { lang: false });
    });

    test('/survey/v4nv-es and a mistyped Spanish path speak only Spanish (item 8, not-found)', async ({ page }) => {
      await page.goto('/survey/v4nv-es');
      await expectSpanish(page, 'v4nv-es StartPath');
      await pick(page, 'car');
      await expectSpanish(page, 'v4nv-es WhenWasTheAccident');
      const response = await page.goto('/survey/es/no-existe');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
      await expectSpanish(page, 'not-found');
      await shoot(page, '04-not-found');
    });
  });
}
