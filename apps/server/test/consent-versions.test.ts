/**
 * Issue 9, item 11 (consent evidence the client writes), over real HTTP on both databases: the server keeps
 * every consent text it serves as a version (brand, language, variant, buyers named) and stores the version
 * with the lead beside what the page sent; a mismatch is flagged on the lead.
 */
import { request } from 'node:http';
import { allFlows, CONSENT_TEXT_REVISION, consentText } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** fetch will not send another Host than the URL's; node:http will, as a browser on that host does. */
function postWithHost(url: string, body: object, host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

async function stored(id: unknown) {
  return server.db
    .selectFrom('leads')
    .select(['tcpa', 'consent_version', 'consent_mismatch'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

async function version(id: string) {
  return server.db.selectFrom('consent_versions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe(`consent versions (${TEST_DIALECT})`, () => {
  it('keeps every text the pages show, per brand, language and variant, from the start', async () => {
    const rows = await server.db.selectFrom('consent_versions').selectAll().execute();
    // One text per flow, and on a flow that offers firms one by one also the text of a visitor who kept none.
    const offering = allFlows().filter((flow) => flow.steps.some((step) => step.consent === 'choose-buyers'));
    expect(offering.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(2 * 2 * (allFlows().length + offering.length));
    expect(rows.filter((r) => /no law firm may contact me|ningún bufete podrá/.test(r.text))).toHaveLength(
      2 * 2 * offering.length,
    );
    expect(
      rows.find((r) => r.brand === 'injury-finder' && r.language === 'es' && r.variant === 'spanish'),
    ).toMatchObject({
      buyers: '[]',
      revision: CONSENT_TEXT_REVISION,
      text: consentText({ language: 'es', brandName: 'Injury Case Finder', buyers: [], topic: 'accident' }),
    });
  });

  it('keeps the ticket flow consent about a traffic ticket (issue 11)', async () => {
    const rows = await server.db.selectFrom('consent_versions').selectAll().where('variant', '=', 'ticket').execute();
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.text).toMatch(/my traffic ticket|mi multa de tránsito/);
  });

  it('stores the version with a lead that sent its exact text, unflagged', async () => {
    const text = consentText({ language: 'en', brandName: 'Accident Claim Check', buyers: [], topic: 'accident' });
    const body = leadBody({ tcpa: text });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await stored(body.lead_id);
    expect(row).toMatchObject({ tcpa: text, consent_mismatch: 'no' });
    expect(await version(row.consent_version)).toMatchObject({
      brand: 'claim-check',
      language: 'en',
      variant: 'extended',
      text,
    });
  });

  it('flags a lead whose text differs, keeping what the page sent beside the version', async () => {
    const body = leadBody({ tcpa: 'I agree to nothing at all.' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const row = await stored(body.lead_id);
    expect(row).toMatchObject({ tcpa: 'I agree to nothing at all.', consent_mismatch: 'yes' });
    expect((await version(row.consent_version)).text).toContain('Accident Claim Check');
  });

  it('reads the brand from the host the page was served on', async () => {
    const text = consentText({ language: 'es', brandName: 'Injury Case Finder', buyers: [], topic: 'accident' });
    const body = leadBody({ tcpa: text, landing_page_url: 'http://localhost:3000/survey/es' });
    expect(await postWithHost(`${server.url}/post-lead`, body, 'www.injurycasefinder.com')).toBe(201);
    const row = await stored(body.lead_id);
    expect(row.consent_mismatch).toBe('no');
    expect(await version(row.consent_version)).toMatchObject({
      brand: 'injury-finder',
      language: 'es',
      variant: 'spanish',
    });
  });
});
