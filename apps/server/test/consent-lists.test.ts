/**
 * Issue 28 over real HTTP, on SQLite and PostgreSQL: §4's fixed consent lists name real buyers (the sample
 * configuration `npm start` runs with), the consent step is offered only firms that exist and can take the
 * lead, a lead goes only to the firms the visitor kept, a visitor who kept none is promised nothing and
 * sold to no one, a list naming a buyer that does not exist stops the start, and the eligibility flow's
 * verdict is kept with the visit.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BuyersResponseSchema, consentText, PostLeadAnswerSchema } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/services';
import { consentLeadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';
import { jobsOf, scenarioBuyer, writeBuyersFile } from './delivery/delivery-helpers';

let server: TestServer;
let services: Services | undefined;
beforeAll(async () => {
  // The development defaults: the sample buyers and the sample consent lists.
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' }, exposeServices: (s) => (services = s) });
});
afterAll(() => server.close());

const HARPER = 'Harper & Vance Injury Lawyers, LLP';
const D2_FIRMS = [
  HARPER,
  'Delgado Martin Law Group',
  'Southeast Accident Attorneys, P.A.',
  'Great Lakes Injury Counsel',
  'Keystone Trial Partners',
];

/** The lead so far at the consent step: Austin TX, injured, not at fault, no lawyer. */
const FIELDS = { state: 'TX', physical_injury: 'Yes', at_Fault: 'no', with_Lawyer: 'no', zip_code: '78701' };

async function offered(list: string | undefined, fields: Record<string, unknown> = FIELDS) {
  const res = await postJson(`${server.url}/buyers/get-available`, { fields, ...(list ? { list } : {}) });
  expect(res.status).toBe(200);
  return BuyersResponseSchema.parse(res.body);
}

async function storedLead(id: unknown): Promise<Record<string, unknown>> {
  const row = await server.db.selectFrom('leads').select('lead').where('id', '=', String(id)).executeTakeFirstOrThrow();
  const lead: unknown = JSON.parse(row.lead);
  return typeof lead === 'object' && lead !== null ? Object.fromEntries(Object.entries(lead)) : {};
}

describe(`§4 "Buyers by path" as configuration naming real buyers (${TEST_DIALECT})`, () => {
  it('v4nv-d1 offers one firm with ids 1-3; d2 five in groups of three; x1 one: every one a configured buyer', async () => {
    expect((await offered('v4nv-d1')).selectedBuyers).toEqual([{ name: HARPER, ids: ['1', '2', '3'] }]);
    const d2 = (await offered('v4nv-d2')).selectedBuyers;
    expect(d2.map((b) => b.name)).toEqual(D2_FIRMS);
    expect(d2.map((b) => b.ids.join('-'))).toEqual(['1-2-3', '4-5-6', '7-8-9', '10-11-12', '13-14-15']);
    expect((await offered('v4nv-x1')).selectedBuyers).toEqual([
      { name: 'Delgado Martin Law Group', ids: ['4', '5', '6'] },
    ]);
  });

  /** Pings the sample ping-post buyers were sent so far (/metrics counts each fake ping route's requests). */
  async function pingsSent(): Promise<number> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    return text
      .split('\n')
      .filter((line) =>
        /^funnel_http_requests_total\{.*route="\/dev\/fake-buyer\/(json-ping|leadprosper|boberdoo)\//.test(line),
      )
      .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  }

  it('a list page pings only its own firms (none of the sample ping-post buyers); another consent page pings them', async () => {
    const before = await pingsSent();
    for (const list of ['v4nv-d1', 'v4nv-d2', 'v4nv-x1']) await offered(list);
    expect(await pingsSent()).toBe(before);
    await offered(undefined);
    expect(await pingsSent()).toBeGreaterThan(before);
  });

  it('offers only list firms that can take the lead so far (a visitor with a lawyer: none of them)', async () => {
    const withLawyer = await offered('v4nv-d2', { ...FIELDS, with_Lawyer: 'yes' });
    expect(withLawyer.selectedBuyers.map((b) => b.name)).not.toContain(HARPER);
  });

  it('routes a d1 lead to the firm the visitor kept, and to no other buyer', async () => {
    const body = consentLeadBody('/survey/v4nv-d1', {
      selected_buyers: '_1_2_3_',
      selected_buyer_names: HARPER,
      displayed_buyers: '_1_2_3_',
      selected_buyers_number: 1,
    });
    const answer = PostLeadAnswerSchema.parse((await postJson(`${server.url}/post-lead`, body)).body);
    expect(answer.verdict.lead_is_qualified).toBe('yes');
    const jobs = await jobsOf(server.db, String(body.lead_id));
    expect(jobs.map((job) => job.buyer_key)).toEqual(['harper-vance-injury-lawyers']);
  });

  // §4 "no buyers selected shows the second consent modal"; then "Continue without a law firm".
  it('a visitor who kept no firm: never sold, no call promised, the consent names no firm', async () => {
    // The default brand (the test server's host names none).
    const tcpa = consentText({
      language: 'en',
      brandName: 'Accident Claim Check',
      topic: 'accident',
      buyers: [],
      declinedFirms: true,
    });
    const body = consentLeadBody('/survey/v4nv-d2', {
      selected_buyers: '',
      selected_buyer_names: '',
      displayed_buyers: '_1_2_3_4_5_6_7_8_9_10_11_12_13_14_15_',
      selected_buyers_number: 0,
      '1_to_1_dq': 'no',
      tcpa,
    });
    const answer = PostLeadAnswerSchema.parse((await postJson(`${server.url}/post-lead`, body)).body);
    expect(answer.verdict).toEqual({ is_disqualified: true, dq_reason: '1_to_1_dq|yes', lead_is_qualified: 'no' });
    const lead = await storedLead(body.lead_id);
    // The server's reading of the choice, not the body's 1_to_1_dq.
    expect(lead).toMatchObject({ '1_to_1_dq': 'yes', '1_to_1_result': 'none_selected', do_not_send_to_dq: 'yes' });
    expect(lead).toMatchObject({ consent_mismatch: 'no' });
    expect(tcpa).not.toMatch(/affiliated attorneys/);
    expect(tcpa).toContain('no law firm may contact me');
    expect(await jobsOf(server.db, String(body.lead_id))).toEqual([]);
  });

  it('never offers a paused firm', async () => {
    if (!services) throw new Error('no services');
    await services.delivery.pauseBuyer('keystone-trial-partners', true);
    try {
      expect((await offered('v4nv-d2')).selectedBuyers.map((b) => b.name)).not.toContain('Keystone Trial Partners');
    } finally {
      await services.delivery.pauseBuyer('keystone-trial-partners', false);
    }
  });
});

describe(`a consent list that names no real buyer stops the start (${TEST_DIALECT})`, () => {
  it('names the list and the buyer', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lists-'));
    const lists = path.join(folder, 'consent-lists.json');
    writeFileSync(lists, JSON.stringify({ 'v4nv-d1': ['firm-a', 'nobody'] }));
    const buyers = writeBuyersFile([scenarioBuyer('firm-a', 'http://127.0.0.1:9/unused')]);
    await expect(
      startTestServer({ env: { BUYERS_FILE: buyers, CONSENT_LISTS_FILE: lists, DELIVERY_WORKER: 'off' } }),
    ).rejects.toThrow('Invalid consent lists: consent list v4nv-d1 names buyer nobody, which does not exist');
  });

  it('refuses a malformed file, naming the file and the entry', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lists-'));
    const lists = path.join(folder, 'consent-lists.json');
    writeFileSync(lists, JSON.stringify({ 'v4nv-d1': [] }));
    await expect(startTestServer({ env: { CONSENT_LISTS_FILE: lists } })).rejects.toThrow(
      `Invalid consent lists in ${lists}: [v4nv-d1] a consent list names at least one buyer`,
    );
  });
});

describe(`the eligibility flow's verdict is kept with the visit (${TEST_DIALECT})`, () => {
  /** The last snapshot of a finished eligibility walk: every step completed, none shown. */
  function finished(answers: Record<string, string>) {
    const steps = ['StartPath', 'SelectAgeGroup', 'USCitizen', 'SecuredBenefits'];
    return {
      step_id: 'SecuredBenefits',
      step_number: 4,
      ms_on_step: 1200,
      landing_page_url: 'http://localhost:3000/survey/eligibility',
      progress_tracking: steps.map((id, i) => ({
        number: i + 1,
        id,
        name: id,
        label: id,
        completed: true,
        active: false,
      })),
      time_on_steps: 'StartPath:1|SelectAgeGroup:2',
      answers,
    };
  }

  it.each([
    [{ age_group: '25_to_44', is_us_citizen: 'yes', secured_benefits: 'no' }, 'yes', ''],
    [{ age_group: 'under_18', is_us_citizen: 'no', secured_benefits: 'yes' }, 'no', 'age_group|under_18'],
    [{ age_group: '45_to_64', is_us_citizen: 'no', secured_benefits: 'no' }, 'no', 'is_us_citizen|no'],
    [{ age_group: '65_plus', is_us_citizen: 'yes', secured_benefits: 'yes' }, 'no', 'secured_benefits|yes'],
  ])('%j → eligible %s (%s)', async (answers, eligible, reason) => {
    const session = `eligibility-${reason || 'eligible'}`;
    const res = await postJson(`${server.url}/api/save-data`, { session, data: [finished(answers)] });
    expect(res.status).toBe(200);
    const row = await server.db
      .selectFrom('progress_snapshots')
      .select('data')
      .where('session', '=', session)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.data)).toMatchObject({ verdict: { lead_is_qualified: eligible, dq_reason: reason } });
  });
});
