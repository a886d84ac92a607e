/**
 * Issue 13, spec §4 "End of survey", §7: the exits that open a new tab from the visitor's tap (VW3's
 * affiliate link for the lawyer reasons, the disqualified visitor's partner link), the visitor's IP from
 * the configured public lookup (the server keeps its own and records the page's when they differ), and
 * show-meter's settlement level as cl. A server of the test's own with these configured, and a local fake
 * standing for the partner, the affiliate network and the public lookup.
 */
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { postedLeadId } from './consent-walk';
import { startOwnServer, type OwnServer } from './own-server';
import { storedLeadIn } from './stored-lead-row';
import {
  answerDescription,
  answerNameAndEmail,
  answerRecentDate,
  fillPhoneAndZip,
  pick,
  shownStep,
} from './survey-steps';

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
  server = await startOwnServer({
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

async function walkVw3(page: Page, base: string, query: string, lawyer: string) {
  await page.goto(`${base}/survey/vw${query}`);
  await answerRecentDate(page);
  await pick(page, 'another_person');
  await pick(page, 'yes');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, lawyer);
  await answerDescription(page);
  await answerNameAndEmail(page);
  await expect(page.locator('section[data-step="PhoneAndZipVW3"]')).toBeVisible();
  await fillPhoneAndZip(page);
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
  expect(storedLeadIn(server.dataDir, leadId())).toMatchObject({
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
  bare = await startOwnServer();
  let tabs = 0;
  context.on('page', () => tabs++);
  const leadId = postedLeadId(page);
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/check-affid-pre/') && asked.push(r.url()));
  await walkVw3(page, bare.url, '?affid=55', 'have_lawyer');
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(tabs).toBe(0);
  const first = storedLeadIn(bare.dataDir, leadId());
  // At 100 (the default) no call is made and pre-population is on (§7, §9).
  expect(first).toMatchObject({ ip_address: '127.0.0.1', page_ip_address: '', pre_populate: 'yes' });
  expect(asked).toEqual([]);
  // lp_s2 is sticky per visitor: the same browser's next lead keeps it.
  const again = postedLeadId(page);
  await walkVw3(page, bare.url, '?affid=55', 'need_lawyer');
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(storedLeadIn(bare.dataDir, again())?.lp_s2).toBe(first?.lp_s2);
});
