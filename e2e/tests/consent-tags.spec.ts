/**
 * Issue 13, spec §3, §9: the consent tags as configuration. Local fake scripts stand for Jornaya and
 * TrustedForm and write their values where the vendors' scripts do; the page loads them only when
 * configured (the CSP allows their origin only then), polls them, and the values land in the stored lead.
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

const SCRIPTS = 'http://127.0.0.1:3536';
const FAKE_SCRIPTS: Record<string, string> = {
  '/jornaya.js': `setTimeout(function () { var i = document.createElement('input'); i.type = 'hidden'; i.id = 'leadid_token'; i.value = 'JRN-TOKEN-123'; document.body.appendChild(i); }, 150);`,
  '/trustedform.js': `setTimeout(function () { var i = document.createElement('input'); i.type = 'hidden'; i.name = 'xxTrustedFormCertUrl'; i.value = 'https://cert.trustedform.com/abc123def456'; document.body.appendChild(i); }, 150);`,
};
let scripts: Server;
let server: OwnServer;

test.beforeAll(async () => {
  scripts = createServer((req, res) => {
    const body = FAKE_SCRIPTS[req.url ?? ''];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/javascript' });
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => scripts.listen(3536, '127.0.0.1', resolve));
  server = await startOwnServer({
    JORNAYA_SCRIPT_URL: `${SCRIPTS}/jornaya.js`,
    TRUSTEDFORM_SCRIPT_URL: `${SCRIPTS}/trustedform.js`,
  });
});
test.afterAll(async () => {
  await server.close();
  await new Promise((resolve) => scripts.close(resolve));
});

async function walkShort(page: Page, base: string) {
  await page.goto(`${base}/survey-sd/v4`);
  await pick(page, 'car');
}

test('configured: both scripts load, the CSP allows their origin, and the values land in the lead', async ({
  page,
}) => {
  const response = await page.request.get(`${server.url}/survey/vw`);
  expect(response.headers()['content-security-policy']).toContain(`script-src 'self'`);
  expect(response.headers()['content-security-policy']).toMatch(new RegExp(`script-src[^;]*${SCRIPTS}`));
  const leadId = postedLeadId(page);
  await page.goto(`${server.url}/survey/vw`);
  await answerRecentDate(page);
  await expect(page.locator('script#tag-jornaya')).toHaveAttribute('src', `${SCRIPTS}/jornaya.js`);
  await expect(page.locator('script#tag-trustedform')).toHaveCount(1);
  await pick(page, 'another_person');
  await pick(page, 'yes');
  await pick(page, 'Emergency Room');
  await pick(page, 'yes');
  await pick(page, 'need_lawyer');
  await answerDescription(page);
  await answerNameAndEmail(page);
  await fillPhoneAndZip(page);
  await shownStep(page).locator('button[type="submit"]').click();
  await page.waitForURL(/\/survey-thank-you\//);
  expect(storedLeadIn(server.dataDir, leadId())).toMatchObject({
    leadid_token: 'JRN-TOKEN-123',
    trusted_form_cert_id: 'abc123def456',
    trustedform_cert_url: 'https://cert.trustedform.com/abc123def456',
  });
});

test('not configured: no tag script loads and the CSP allows no other script origin', async ({ page }) => {
  const response = await page.request.get('/survey/vw');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).not.toContain(SCRIPTS);
  await walkShort(page, '');
  await page.waitForTimeout(1000);
  await expect(page.locator('script#tag-jornaya, script#tag-trustedform')).toHaveCount(0);
});
