/**
 * Issue 32 "Console" in a real browser, on the built app and the real server: ping-post buyers (a local
 * fake that bids, declines and refuses at post) saved through the console, a lead sold by auction, its
 * page showing every bid, decline, post answer and the price paid, and the auction screen's per-buyer
 * figures and revenue. Screenshots at 1280 and 375 px go to test-results/auction-shots. On a server of its
 * own (tests/own-server.ts), with the walks' buyers: the sample buyers bid too (standing bids up to $85), so
 * these buyers bid above them; the buyers it adds change no other spec's leads.
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { e2eServerEnv } from '../e2e-server-env';
import { startOwnServer, type OwnServer } from './own-server';
import { addOperator, OPERATOR, postLead, surveyLead } from './console-data';

/** A server of this spec's own: the ping-post buyers it adds change where its leads go, and no one else's. */
let server: OwnServer;
let BASE = '';
const SCENARIO = 'auction-e2e';
const SHOTS = path.resolve('test-results/auction-shots');
let fake: http.Server;
let fakeUrl = '';
let leadId = '';

/** The fake buyers' answers by path: pings at /ping-KEY, posts at /post-KEY. */
const ANSWERS: Record<string, unknown> = {
  '/ping-e2e-top': { bid: 120, bid_id: 'top-1' },
  '/ping-e2e-mid': { bid: '95.50', bid_id: 'mid-1' },
  '/ping-e2e-pass': { bid: 0, reason: 'not in our area' },
  '/post-e2e-top': { status: 'ERROR', message: 'cap full today' },
  '/post-e2e-mid': { status: 'ACCEPTED' },
};

function pingBuyer(key: string) {
  return {
    key,
    name: `Firm ${key}`,
    ids: [String(9000 + key.length)],
    price: 1,
    dedupe: 'idempotency-key',
    criteria: { fields: [{ field: 'sub_id', in: [SCENARIO] }] },
    ping: { kind: 'json', url: `${fakeUrl}/ping-${key}`, deadlineMs: 1500 },
    target: {
      kind: 'http',
      url: `${fakeUrl}/post-${key}`,
      answer: { kind: 'json-field', field: 'status', accepted: ['ACCEPTED'], rejected: ['ERROR'] },
      fields: { lead_id: 'lead_id', email: 'email', bid_id: { bidId: true } },
    },
  };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startOwnServer(e2eServerEnv());
  BASE = server.url;
  addOperator(server.dataDir);
  fake = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ANSWERS[req.url ?? ''] ?? { bid: 0 }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const address = fake.address();
  fakeUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  const api = await playwrightRequest.newContext();
  expect((await api.post(`${BASE}/api/console/sign-in`, { data: OPERATOR })).status()).toBe(200);
  for (const key of ['e2e-top', 'e2e-mid', 'e2e-pass']) {
    const saved = await api.put(`${BASE}/api/console/buyers/${key}`, { data: pingBuyer(key) });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  const posted = await postLead(
    api,
    BASE,
    surveyLead(BASE, {
      sub_id: SCENARIO,
      affid: 'aff-auction-e2e',
      email: 'auction.e2e@example.com',
      phone: '(512) 555-0161',
    }),
  );
  expect(posted.status).toBe(201);
  leadId = posted.id;
  // The auction pings, posts to e2e-top (refused), then to e2e-mid (bought).
  await expect
    .poll(
      async () => {
        const detail: unknown = await (await api.get(`${BASE}/api/console/leads/${leadId}`)).json();
        return JSON.stringify(detail);
      },
      { timeout: 20_000 },
    )
    .toContain('"winners":["e2e-mid"]');
  await api.dispose();
});

test.afterAll(async () => {
  await new Promise((resolve) => fake?.close(resolve));
  await server?.close();
});

async function signIn(page: Page): Promise<void> {
  expect((await page.request.post(`${BASE}/api/console/sign-in`, { data: OPERATOR })).status()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a lead sold by auction: every bid, the decline in words, the refused post and the price paid', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads/${leadId}`);
  const auction = page.getByTestId('lead-auction');
  await expect(auction.getByRole('heading', { name: 'Auction' })).toBeVisible();
  await expect(auction).toContainText('Sold to the best bid(s)');
  await expect(page.getByTestId('auction-paid')).toHaveText(/Bought by e2e-mid for \$95\.50/);
  const top = auction.locator('tr[data-buyer="e2e-top"]');
  await expect(top).toContainText('Bid $120.00');
  await expect(top).toContainText('rejected');
  await expect(top).toContainText('cap full today');
  await expect(auction.locator('tr[data-buyer="e2e-mid"]')).toContainText('accepted');
  await expect(auction.locator('tr[data-buyer="e2e-pass"]')).toContainText('Answered: no bid');
  await shoot(page, 'lead-page');
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await auction.screenshot({ path: path.join(SHOTS, `lead-auction-${width}.png`) });
  }
});

test('the auction screen: per-buyer win rate, declines, refusals at post, and revenue by variant and day', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${BASE}/console/leads`);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Auction' }).click();
  await expect(page.getByRole('heading', { name: 'Auction and revenue' })).toBeVisible();
  const buyers = page.getByTestId('auction-buyers');
  const top = buyers.locator('tr[data-buyer="e2e-top"]');
  await expect(top.locator('td').nth(4)).toHaveText('100.0%');
  await expect(top.locator('td').nth(7)).toHaveText('1');
  await expect(buyers.locator('tr[data-buyer="e2e-pass"]')).toContainText('Answered: no bid: 1');
  await expect(buyers.locator('tr[data-buyer="e2e-mid"]')).toContainText('$95.50');
  const revenue = page.getByTestId('revenue');
  await expect(revenue.locator('thead')).toContainText('Variant');
  // Every column of the buyers' table is seen at 1280 px without scrolling sideways.
  await page.setViewportSize({ width: 1280, height: 900 });
  const wrap = page.locator('.console-table-wrap', { has: buyers });
  expect(await wrap.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await expect(top.locator('td').last()).toHaveText(/^\d+ \/ \d+ ms$/);
  await shoot(page, 'auction-screen');
  await page.getByRole('combobox', { name: /^By/ }).selectOption('affid');
  await expect(revenue.locator('thead')).toContainText('Affiliate (affid)');
  // Other specs' leads sell too: this lead's affiliate is its own row.
  const mine = revenue.locator('tr[data-key="aff-auction-e2e"]');
  await expect(mine.locator('td')).toHaveText(['—', '1', '1', '$95.50', '$95.50', '—']);
  await page.getByRole('combobox', { name: /^Period/ }).selectOption('today');
  await expect(mine).toContainText('$95.50');
  await page.getByRole('combobox', { name: /^By/ }).selectOption('day');
  await expect(revenue.locator('thead')).toContainText('Day (UTC)');
});
