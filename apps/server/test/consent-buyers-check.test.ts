/**
 * Issue 13, §4 one-to-one consent: the server reads a posted consent against the buyers it would have
 * offered on that page (a client cannot add a buyer the visitor never saw), over real HTTP on both
 * databases: buyers never offered are kept out of selected_buyers and recorded, the names are the
 * server's, and the consent version names only the buyers kept.
 */
import { consentText } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentLeadBody, leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The sample consent list of /survey/v4nv-d1 names this firm (apps/server/config/sample-consent-lists.json). */
const HARPER = 'Harper & Vance Injury Lawyers, LLP';

async function storedLead(id: unknown) {
  const row = await server.db.selectFrom('leads').select('lead').where('id', '=', String(id)).executeTakeFirstOrThrow();
  return JSON.parse(row.lead) as Record<string, unknown>;
}

describe(`the consent fields checked against the buyers offered (${TEST_DIALECT})`, () => {
  it('keeps a fixed buyer the page showed, and names it in the consent version', async () => {
    const tcpa = consentText({
      language: 'en',
      brandName: 'Injury Finder',
      topic: 'accident',
      buyers: [HARPER],
    });
    const body = consentLeadBody('/survey/v4nv-d1', {
      selected_buyers: '_1_2_3_',
      selected_buyer_names: HARPER,
      displayed_buyers: '_1_2_3_',
      tcpa,
    });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const lead = await storedLead(body.lead_id);
    expect(lead).toMatchObject({ selected_buyers: '_1_2_3_', consent_buyers_refused: '' });
    const version = await server.db
      .selectFrom('consent_versions')
      .selectAll()
      .where('id', '=', String(lead.consent_version))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(version.buyers)).toEqual([HARPER]);
  });

  it('keeps out a buyer the page never offered, records it, and takes the names from the offer', async () => {
    const body = consentLeadBody('/survey/v4nv-d1', {
      selected_buyers: '_1_2_3_3101_',
      selected_buyer_names: `${HARPER}|Lone Star Injury Lawyers`,
      selected_buyers_number: 2,
      displayed_buyers: '_1_2_3_3101_',
    });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(await storedLead(body.lead_id)).toMatchObject({
      selected_buyers: '_1_2_3_',
      selected_buyer_names: HARPER,
      selected_buyers_number: 1,
      displayed_buyers: '_1_2_3_',
      consent_buyers_refused: '_3101_',
      // The text the page sent named a firm the server never offered: it is not the server's version.
      consent_mismatch: 'yes',
    });
  });

  it('on a fetched page, reads the buyers the server would answer for the lead (and the fallback firms)', async () => {
    const body = consentLeadBody('/survey/v4nv-ep', {
      selected_buyers: '_3101_40747_77777_',
      displayed_buyers: '_3101_40747_77777_',
    });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const lead = await storedLead(body.lead_id);
    // Austin TX, injured, not at fault, no lawyer: Lone Star is offered; TX is excluded from the fallback firms.
    expect(lead).toMatchObject({ selected_buyers: '_3101_', consent_buyers_refused: '_40747_77777_' });
  });

  it('leaves other pages alone', async () => {
    const body = leadBody({ selected_buyers: '_5_' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    expect(await storedLead(body.lead_id)).toMatchObject({ selected_buyers: '_5_', consent_buyers_refused: '' });
  });
});
