/**
 * Issue 13, spec §4 "End of survey", §7: the exits that open a new tab from the visitor's tap (VW3's
 * affiliate link for the lawyer reasons, the disqualified visitor's partner link), the visitor's IP from
 * the configured public lookup (the server keeps its own and records the page's when they differ), and
 * show-meter's settlement level as cl. A server of the test's own with these configured, and a local fake
 * standing for the partner, the affiliate network and the public lookup.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { postedLeadId } from './consent-walk';
import { startOwnServer, type OwnServer } from './own-server';
import { pick, shownStep } from './survey-steps';

const FAKE_PORT = 3533;
const FAKE = `http://127.0.0.1:${FAKE_PORT}`;
let server: OwnServer;
let fake: Server;
let bare: OwnServer | undefined;

test.beforeAll(async () => {
  fake = createServer((req, res) => {
    if (req.url?.startsWith('/ip')) {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return res.end(JSON.stringify({ ip: '203.0.113.9' }));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<title>partner</title>');
  });
  await new Promise<void>((resolve) => fake.listen(FAKE_PORT, '127.0.0.1', resolve));
  server = await startOwnServer(3532, {
    DQ_PARTNER_LINK: `${FAKE}/partner?src=funnel`,
    VW3_AFFILIATE_LINK: `${FAKE}/affiliate`,
    PUBLIC_IP_LOOKUP_URL: `${FAKE}/ip?format=json`,
    // §7: below 100 the page asks /check-affid-pre; 0 answers no.
    PREPOPULATION_PERCENTAGE: '0',
  });
});
test.afterAll(async () => {
  await server.close();
  await bare?.close();
  await new Promise((resolve) => fake.close(resolve));
});

function storedLead(dataDir: string, id: string): Record<string, unknown> | undefined {
  const db = new Database(path.join(dataDir, 'funnel.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT lead FROM leads WHERE id = ?').get(id) as { lead: string } | undefined;
    return row && (JSON.parse(row.lead) as Record<string, unknown>);
  } finally {
    db.close();
  }
}

async function walkVw3(page: Page, base: string, query: string, lawyer: string) {
  await page.goto(`${base}/survey/vw${query}`);
  const date = new Date(Date.now() - 40 * 86_400_000);
  await shownStep(page).locator('select[name="injury_year"]').selectOption(String(date.getUTCFullYear()));
  await shownStep(page)
    .locator('select[name="injury_month"]')
    .selectOption(String(date.getUTCMonth() + 1).padStart(2, '0'));
  await shownStep(page).locator('button[type="submit"]').click();
  await pick(page, 'another_person');
  await pick(page, 'yes');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, lawyer);
  await shownStep(page)
    .locator('textarea[name="case_description"]')
    .fill('A van rear-ended me at the red light on the highway');
  await shownStep(page).locator('button[type="submit"]').click();
  await shownStep(page).locator('input[name="first_name"]').fill('Ana');
  await shownStep(page).locator('input[name="last_name"]').fill('Ruiz');
  await shownStep(page).locator('input[name="email"]').fill('ana.ruiz@example.com');
  await shownStep(page).locator('button[type="submit"]').click();
  await expect(page.locator('section[data-step="PhoneAndZipVW3"]')).toBeVisible();
  await shownStep(page).locator('input[name="phone"]').fill('5125550100');
  await shownStep(page).locator('input[name="zip_code"]').fill('78701');
}

test('VW3, lawyer answer: the affiliate link opens in a new tab with sub1 = affid_subid and sub2 = the reason', async ({
  page,
  context,
}) => {
  const leadId = postedLeadId(page);
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/check-affid-pre/') && asked.push(new URL(r.url()).pathname));
  await walkVw3(page, server.url, '?affid=55&sub1=s9', 'have_lawyer');
  const tab = context.waitForEvent('page');
  await shownStep(page).locator('button[type="submit"]').click();
  const opened = await tab;
  await opened.waitForURL(/\/affiliate/);
  const url = new URL(opened.url());
  expect([url.searchParams.get('sub1'), url.searchParams.get('sub2')]).toEqual(['55_s9', 'have_attorney|yes']);
  await page.waitForURL(/\/survey-thank-you\/.*q=n/);
  // §7 public IP lookup first: the page's address is kept beside the one the server saw.
  expect(storedLead(server.dataDir, leadId())).toMatchObject({
    ip_address: '127.0.0.1',
    page_ip_address: '203.0.113.9',
    pre_populate: 'no',
    lp_s2: expect.stringMatching(/^(google|facebook)$/),
  });
  expect(asked).toEqual(['/check-affid-pre/55/0']);
});

test('disqualified (VW3 with affid 20, exempt from the affiliate link): the partner link with the tracking', async ({
  page,
  context,
}) => {
  await walkVw3(page, server.url, '?affid=20&sub1=s1&sub5=clk&_ef_transaction_id=ef9', 'have_lawyer');
  const tab = context.waitForEvent('page');
  await shownStep(page).locator('button[type="submit"]').click();
  const opened = await tab;
  await opened.waitForURL(/\/partner/);
  const url = new URL(opened.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    src: 'funnel',
    affid: '20',
    sub1: 's1',
    sub5: 'clk',
    _ef_transaction_id: 'ef9',
    dq_reason: 'have_attorney|yes',
  });
  await page.waitForURL(/q=n/);
});

test('qualified: no tab; show-meter=yes passes the settlement level as cl', async ({ page, context }) => {
  let tabs = 0;
  context.on('page', () => tabs++);
  await walkVw3(page, server.url, '?show-meter=yes', 'need_lawyer');
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  const url = new URL(page.url());
  expect(url.searchParams.get('q')).toBe('y');
  expect(url.searchParams.get('cl')).toMatch(/^[1-7]$/);
  expect(tabs).toBe(0);
});

test('nothing configured: no tab opens, the IP is the server’s own', async ({ page, context }) => {
  bare = await startOwnServer(3534);
  let tabs = 0;
  context.on('page', () => tabs++);
  const leadId = postedLeadId(page);
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/check-affid-pre/') && asked.push(r.url()));
  await walkVw3(page, bare.url, '?affid=55', 'have_lawyer');
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(tabs).toBe(0);
  const first = storedLead(bare.dataDir, leadId());
  // At 100 (the default) no call is made and pre-population is on (§7, §9).
  expect(first).toMatchObject({ ip_address: '127.0.0.1', page_ip_address: '', pre_populate: 'yes' });
  expect(asked).toEqual([]);
  // lp_s2 is sticky per visitor: the same browser's next lead keeps it.
  const again = postedLeadId(page);
  await walkVw3(page, bare.url, '?affid=55', 'need_lawyer');
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(storedLead(bare.dataDir, again())?.lp_s2).toBe(first?.lp_s2);
});
