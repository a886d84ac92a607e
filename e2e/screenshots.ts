/**
 * Walks the survey against a running server and saves a screenshot of every screen at phone and
 * desktop widths, to look at what visitors see. Usage: node --experimental-strip-types is not
 * available on Node 20, so run with `npx tsx e2e/screenshots.ts [base-url] [out-dir]`.
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = process.argv[3] ?? '.screenshots';
mkdirSync(out, { recursive: true });

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(450);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [label, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['desktop', { width: 1280, height: 860 }],
] as const) {
  const page = await browser.newPage({ viewport });
  await page.goto(`${base}/survey?sub1=shots`);
  await shoot(page, `${label}-01-start`);
  await page.click('[data-option="car"]');
  await page.click('[data-option="i_think_so"]');
  await shoot(page, `${label}-02-date`);
  await page.selectOption('select[name="injury_year"]', '2026');
  await page.selectOption('select[name="injury_month"]', '10');
  await page.click('button[type="submit"]');
  await page.click('[data-option="another_person"]');
  await shoot(page, `${label}-03-injury`);
  await page.click('[data-option="Whiplash"]');
  await page.click('[data-option="Emergency Room"]');
  await page.click('[data-option="yes"]');
  await page.click('[data-option="need_lawyer"]');
  await page.fill('textarea[name="case_description"]', 'Rear-ended');
  await page.click('button[type="submit"]');
  await shoot(page, `${label}-04-description-error`);
  await page.fill('textarea[name="case_description"]', 'A truck rear-ended me at a red light on Main Street');
  await page.click('button[type="submit"]');
  await page.click('button[type="submit"]');
  await shoot(page, `${label}-05-name-errors`);
  await page.fill('input[name="first_name"]', 'Maria');
  await page.fill('input[name="last_name"]', 'Lopez');
  await page.fill('input[name="email"]', 'maria@example.com');
  await page.click('button[type="submit"]');
  await page.fill('input[name="phone"]', '5125550100');
  await page.fill('input[name="zip_code"]', '78701');
  await shoot(page, `${label}-06-phone-zip`);
  await page.click('button[type="submit"]');
  await page.waitForURL(/survey-thank-you/);
  await shoot(page, `${label}-07-thank-you`);
  await page.close();
}
await browser.close();
console.log(`screenshots in ${out}`);
