/**
 * Issue 13, spec §3, §4, §6, §7, §9: the third-party tags as configuration. Local fake scripts stand for the
 * click tracker (EF.click answers a transaction id built from the click it was given), the call-tracking
 * script (a number on window.callTrackingNumber) and the pixels (each marks the page when it ran). The page
 * loads each only when configured, at the moment its flow declares (a step's effect) or, for the social
 * pixel, only for affid 389; the CSP allows their origins only then; the values land in the stored lead.
 */
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../e2e-env';
import { expectStep, postedLeadId } from './consent-walk';
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

const SCRIPTS = 'http://127.0.0.1:3714';
const ran = (name: string) => `document.documentElement.setAttribute('data-ran-${name}', 'yes');`;
const FAKE_SCRIPTS: Record<string, string> = {
  // Everflow's SDK shape: EF.click(click) resolves with the transaction id (the one it was given, if any).
  '/ef.js': `window.EF = { click: function (c) { return Promise.resolve(c.transaction_id || ['TX', c.offer_id, c.affiliate_id, c.sub1, c.uid, c.source_id].join('-')); } };`,
  '/calls.js': `setTimeout(function () { window.callTrackingNumber = '+1 (512) 555-0177'; }, 100);`,
  '/ad.js': ran('ad'),
  '/injury.js': ran('injury'),
  '/ticket.js': ran('ticket'),
  '/social.js': ran('social'),
  '/dui.js': ran('dui'),
};
const TAG_ENV = {
  CLICK_TRACKER_SCRIPT_URL: `${SCRIPTS}/ef.js`,
  CALL_TRACKING_SCRIPT_URL: `${SCRIPTS}/calls.js`,
  AD_SCRIPT_URL: `${SCRIPTS}/ad.js`,
  INJURY_PIXEL_URL: `${SCRIPTS}/injury.js`,
  TICKET_PIXEL_URL: `${SCRIPTS}/ticket.js`,
  SOCIAL_PIXEL_URL: `${SCRIPTS}/social.js`,
  DUI_INJURY_SCRIPT_URL: `${SCRIPTS}/dui.js`,
};
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/issue-13-shots');

let scripts: Server;
let server: OwnServer;

test.beforeAll(async () => {
  scripts = createServer((req, res) => {
    const body = FAKE_SCRIPTS[new URL(req.url ?? '/', SCRIPTS).pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/javascript' });
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => scripts.listen(3714, '127.0.0.1', resolve));
  server = await startOwnServer(TAG_ENV);
});
test.afterAll(async () => {
  await server.close();
  await new Promise((resolve) => scripts.close(resolve));
});

/** Variant A (/g) from its first step to the thank-you page, injured or not. */
async function walkVariantA(page: Page, injured: boolean, beforeSubmit?: () => Promise<void>) {
  await pick(page, 'car');
  await pick(page, 'i_think_so');
  await pick(page, 'Personal Vehicle');
  await answerRecentDate(page);
  await pick(page, 'another_person');
  await pick(page, injured ? 'Whiplash' : 'not_injured');
  if (injured) await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await answerDescription(page);
  await answerNameAndEmail(page);
  await fillPhoneAndZip(page);
  await beforeSubmit?.();
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
}

test.describe('configured', () => {
  test('the CSP allows each tag origin, for scripts only as configured', async ({ page }) => {
    const csp = (await page.request.get(`${server.url}/g`)).headers()['content-security-policy'] ?? '';
    for (const directive of ['script-src', 'connect-src', 'img-src'])
      expect(csp).toMatch(new RegExp(`${directive}[^;]*${SCRIPTS}`));
  });

  test('variant A, affid 389: the click tracker, call number, ad script, injury and social pixels; the transaction id in the lead', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const leadId = postedLeadId(page);
    await page.goto(`${server.url}/g?affid=389&sub1=s1v&uid=U7&source_id=S9`);
    // §3: the call button shows the call-tracking script's number, formatted.
    const call = page.locator('.site-header__call');
    await expect(call).toHaveAttribute('href', 'tel:+15125550177');
    await expect(call.locator('strong')).toHaveText('(512) 555-0177');
    await call.screenshot({ path: path.join(SHOTS, 'call-tracking-number-375.png') });
    await page.screenshot({ path: path.join(SHOTS, 'survey-with-call-tracking-375.png') });
    // §7: the click registered with offer (the route's oid 152), affiliate, sub1, uid and source_id, and
    // its transaction id written into the address.
    await expect(page).toHaveURL(/_ef_transaction_id=TX-152-389-s1v-U7-S9/);
    // §6: affid 389 loads the social pixel.
    await expect(page.locator('html')).toHaveAttribute('data-ran-social', 'yes');
    await expect(page.locator('html')).not.toHaveAttribute('data-ran-ad', 'yes');
    await walkVariantA(page, true, async () => {
      // §4: the first step's answer loaded the ad script, WasUserInjured yes the injury pixel.
      await expect(page.locator('html')).toHaveAttribute('data-ran-ad', 'yes');
      await expect(page.locator('html')).toHaveAttribute('data-ran-injury', 'yes');
      await expect(page.locator('script#tag-ticket-pixel, script#tag-dui-injury-script')).toHaveCount(0);
    });
    // The thank-you URL carries the tracker's id as ef_transaction_id (§7), not the incoming parameter.
    expect(new URL(page.url()).searchParams.get('ef_transaction_id')).toBe('TX-152-389-s1v-U7-S9');
    expect(storedLeadIn(server.dataDir, leadId())).toMatchObject({ ef_transaction_id: 'TX-152-389-s1v-U7-S9' });
  });

  test('variant A not injured, affid from the route: no injury pixel, no social pixel', async ({ page }) => {
    await page.goto(`${server.url}/g`);
    await expect(page).toHaveURL(/_ef_transaction_id=TX-152-340/);
    await walkVariantA(page, false, async () => {
      await expect(page.locator('html')).toHaveAttribute('data-ran-ad', 'yes');
      await expect(page.locator('script#tag-injury-pixel, script#tag-social-pixel')).toHaveCount(0);
    });
  });

  test('DUI: WasUserInjured yes loads its third-party script (and not the A/B/C injury pixel)', async ({ page }) => {
    await page.goto(`${server.url}/survey/dui`);
    await pick(page, 'car');
    await answerNameAndEmail(page);
    await pick(page, 'i_think_so');
    await answerRecentDate(page);
    await pick(page, 'another_person');
    await expectStep(page, 'WasUserInjured');
    await expect(page.locator('script#tag-dui-injury-script')).toHaveCount(0);
    await pick(page, 'yes');
    await expect(page.locator('html')).toHaveAttribute('data-ran-dui', 'yes');
    await expect(page.locator('script#tag-injury-pixel, script#tag-ad-script')).toHaveCount(0);
  });

  test('ticket flow: its pixel once the flow is started', async ({ page }) => {
    await page.goto(`${server.url}/ticket`);
    await expectStep(page, 'StartPathTicket');
    await pick(page, 'got_ticket');
    await expect(page.locator('html')).toHaveAttribute('data-ran-ticket', 'yes');
  });
});

test('not configured: no tag loads, the CSP names no other script origin, the default number, no transaction id', async ({
  page,
}) => {
  const csp = (await page.request.get('/g')).headers()['content-security-policy'] ?? '';
  expect(csp).not.toContain(SCRIPTS);
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  const leadId = postedLeadId(page);
  const configured = page.waitForResponse((r) => r.url().endsWith('/api/page-config'));
  await page.goto('/g?affid=389&sub1=s1v');
  const defaultNumber = await page.locator('.site-header__call strong').innerText();
  await walkVariantA(page, true, async () => {
    // The page has had its configuration since the forms chunk came in, and every tag step is behind.
    await configured;
    await expect(page.locator('script[id^="tag-"]')).toHaveCount(0);
    await expect(page.locator('.site-header__call strong')).toHaveText(defaultNumber);
    expect(page.url()).not.toContain('_ef_transaction_id');
  });
  expect(storedLeadIn(E2E_DATA_DIR, leadId())).toMatchObject({ ef_transaction_id: '' });
});
