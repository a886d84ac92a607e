/**
 * Issue 14 "Delivery" rules over real HTTP, on SQLite and PostgreSQL: caps reached, suppressed and
 * duplicate leads never sent (at intake and at send time), disqualified leads never sent, the routing
 * rule (exclusive to the best price, or shared up to N), one-to-one consent, and the reason recorded
 * for every buyer that did not get a lead.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSuppression } from '../../src/db/suppression-store';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from './fake-buyer-server';
import {
  consentBody,
  FAST_DELIVERY_ENV,
  isFinal,
  jobsOf,
  routingOf,
  scenarioBuyer,
  waitFor,
  writeBuyersFile,
} from './delivery-helpers';

let buyer: FakeBuyerServer;
beforeAll(async () => {
  buyer = await startFakeBuyerServer();
});
afterAll(() => buyer?.close());

const uniqueContact = () => ({
  email: `${randomUUID()}@example.com`,
  phone: `(512) 555-${String(Math.floor(1000 + Math.random() * 8999))}`,
});

async function post(
  server: TestServer,
  overrides: Record<string, unknown>,
  shape = (body: Record<string, unknown>) => body,
) {
  const lead = shape(leadBody({ ...uniqueContact(), ...overrides }));
  const res = await postJson(`${server.url}/post-lead`, lead);
  expect(res.status).toBe(201);
  return String(lead.lead_id);
}

const finished = (server: TestServer, leadId: string, count = 1) =>
  waitFor(
    () => jobsOf(server.db, leadId),
    (jobs) => jobs.length === count && jobs.every((j) => isFinal(j.status)),
  );

describe('exclusive routing, caps, duplicates, suppression, disqualification', () => {
  let server: TestServer;
  beforeAll(async () => {
    const url = (firm: string) => buyer.url(firm);
    const route = { criteria: { fields: [{ field: 'sub_id', in: ['routing'] }] } };
    server = await startTestServer({
      env: {
        ...FAST_DELIVERY_ENV,
        BUYERS_FILE: writeBuyersFile([
          scenarioBuyer('premium', url('premium'), { ...route, price: 90, caps: { daily: 2 } }),
          scenarioBuyer('standard', url('standard'), { ...route, price: 60 }),
          scenarioBuyer('cheap', url('cheap'), { ...route, price: 20, states: ['CA'] }),
          scenarioBuyer('later', url('later')),
        ]),
      },
    });
  }, 30_000);
  afterAll(() => server?.close());

  it('sends to the best-priced eligible buyer only, recording why the others were not sent', async () => {
    const leadId = await post(server, { sub_id: 'routing' });
    const [job] = await finished(server, leadId);
    expect(job).toMatchObject({ buyer_key: 'premium', status: 'accepted', price_cents: 9000 });
    const routing = await routingOf(server.db, leadId);
    expect(routing?.outcome).toBe('routed');
    expect(routing?.buyers).toEqual(
      expect.arrayContaining([
        { buyer: 'premium', result: 'chosen' },
        { buyer: 'standard', result: 'not_needed' },
        { buyer: 'cheap', result: 'refused', reason: 'state' },
        { buyer: 'later', result: 'refused', reason: 'criteria:fields:sub_id' },
      ]),
    );
  });

  it('respects the daily cap: once full, the next buyer gets the lead', async () => {
    // The first test took one of premium's two places today.
    const second = await post(server, { sub_id: 'routing' });
    const third = await post(server, { sub_id: 'routing' });
    expect((await finished(server, second))[0]?.buyer_key).toBe('premium');
    expect((await finished(server, third))[0]?.buyer_key).toBe('standard');
    expect((await routingOf(server.db, third))?.buyers).toContainEqual({
      buyer: 'premium',
      result: 'refused',
      reason: 'cap_reached',
    });
    expect(buyer.buyer.leadsOf('premium')).toHaveLength(2);
  });

  it('never sends a buyer a phone or email it got within its window, and says so', async () => {
    // premium's cap is full (above): standard is the only buyer left for these leads.
    const contact = uniqueContact();
    const first = await post(server, { sub_id: 'routing', ...contact });
    const samePhone = await post(server, { sub_id: 'routing', ...contact, email: `${randomUUID()}@example.com` });
    expect((await finished(server, first))[0]).toMatchObject({ buyer_key: 'standard', status: 'accepted' });
    expect(await jobsOf(server.db, samePhone)).toEqual([]);
    const routing = await routingOf(server.db, samePhone);
    expect(routing).toMatchObject({ outcome: 'not_sent', reason: 'no_buyer_available' });
    expect(routing?.buyers).toContainEqual({ buyer: 'standard', result: 'refused', reason: 'duplicate' });
    const digits = `512555${contact.phone.slice(-4)}`;
    expect(buyer.requests.filter((r) => r.body.phone === digits)).toHaveLength(1);
  });

  it('sends a disqualified lead nowhere and says why', async () => {
    // An accident in 2020: past Texas's two-year limit (§5).
    const leadId = await post(server, { sub_id: 'routing', injury_year: '2020' });
    expect(await jobsOf(server.db, leadId)).toEqual([]);
    expect(await routingOf(server.db, leadId)).toMatchObject({
      outcome: 'not_sent',
      reason: 'disqualified:date|accident_limit_exceeded',
    });
  });

  it('sends a suppressed contact nowhere, honoured at once', async () => {
    const contact = uniqueContact();
    await addSuppression(server.db, { ...contact, reason: 'opt-out', addedAt: new Date() });
    const leadId = await post(server, { sub_id: 'routing', ...contact });
    expect(await jobsOf(server.db, leadId)).toEqual([]);
    expect(await routingOf(server.db, leadId)).toMatchObject({ outcome: 'not_sent', reason: 'suppressed' });
  });

  it('checks suppression again at send time: a contact suppressed while its job waits is skipped', async () => {
    const contact = uniqueContact();
    let calls = 0;
    buyer.behaviour = (r) => (r.firm === 'later' && ++calls === 1 ? { status: 500, text: 'try later' } : 'buy');
    const leadId = await post(server, { sub_id: 'later', ...contact });
    await buyer.waitForRequests('later', 1);
    await addSuppression(server.db, { email: contact.email, reason: 'opt-out', addedAt: new Date() });
    const [job] = await finished(server, leadId);
    expect(job).toMatchObject({ status: 'skipped', reason: 'suppressed' });
    expect(buyer.requests.filter((r) => r.firm === 'later')).toHaveLength(1);
  });
});

describe('shared routing and one-to-one consent', () => {
  let server: TestServer;
  beforeAll(async () => {
    const url = (firm: string) => buyer.url(firm);
    server = await startTestServer({
      env: {
        ...FAST_DELIVERY_ENV,
        DELIVERY_ROUTING: 'shared',
        DELIVERY_SHARED_MAX_BUYERS: '2',
        BUYERS_FILE: writeBuyersFile([
          scenarioBuyer('shared-a', url('shared-a'), { ids: ['501'], price: 80, criteria: {} }),
          scenarioBuyer('shared-b', url('shared-b'), { ids: ['502', '503'], price: 70, criteria: {} }),
          scenarioBuyer('shared-c', url('shared-c'), { ids: ['504'], price: 60, criteria: {} }),
        ]),
      },
    });
  }, 30_000);
  afterAll(() => server?.close());

  it('shares a lead with up to N buyers, best price first, each with its own idempotency key', async () => {
    const leadId = await post(server, {});
    const jobs = await finished(server, leadId, 2);
    expect(jobs.map((j) => [j.buyer_key, j.status])).toEqual([
      ['shared-a', 'accepted'],
      ['shared-b', 'accepted'],
    ]);
    const keys = buyer.requests.filter((r) => r.body.lead_id === leadId).map((r) => r.idempotencyKey);
    expect(keys.sort()).toEqual([`${leadId}:shared-a`, `${leadId}:shared-b`]);
  });

  it('sends a consented lead only to the buyers the visitor left selected (§3 selected_buyers)', async () => {
    const leadId = await post(server, { selected_buyer_names: 'Firm shared-b|Firm shared-c' }, (body) =>
      consentBody(body, '_503_504_'),
    );
    const jobs = await finished(server, leadId, 2);
    expect(jobs.map((j) => j.buyer_key)).toEqual(['shared-b', 'shared-c']);
    expect((await routingOf(server.db, leadId))?.buyers).toContainEqual({
      buyer: 'shared-a',
      result: 'refused',
      reason: 'not_consented',
    });
  });

  it('sends a consented lead nowhere when the visitor selected no buyer', async () => {
    const leadId = await post(server, {}, (body) => consentBody(body, ''));
    expect(await jobsOf(server.db, leadId)).toEqual([]);
    // Issue 28: a visitor who kept no firm is judged 1_to_1_dq by the server and sold to no one.
    expect(await routingOf(server.db, leadId)).toMatchObject({
      outcome: 'not_sent',
      reason: 'disqualified:1_to_1_dq|yes',
    });
  });

  it('refuses selected_buyers that are not _id_id_ segments', async () => {
    const res = await postJson(`${server.url}/post-lead`, leadBody({ selected_buyers: '1,2' }));
    expect(res.status).toBe(400);
    expect(res.body.fields[0].field).toBe('selected_buyers');
  });
});

describe('POST /buyers/get-available from the buyers in the database (§7, §9)', () => {
  let server: TestServer;
  beforeAll(async () => {
    const url = buyer.url('unused');
    server = await startTestServer({
      env: {
        DELIVERY_WORKER: 'off',
        BUYERS_FILE: writeBuyersFile([
          scenarioBuyer('team', url, { name: 'Our Team', ids: ['8674'], price: 10, states: ['TX'], criteria: {} }),
          scenarioBuyer('texas', url, { name: 'Texas Firm', ids: ['77'], price: 90, states: ['TX'], criteria: {} }),
          scenarioBuyer('fb1', url, { name: 'First Fallback', ids: ['40747'], states: ['WY'], criteria: {} }),
          scenarioBuyer('paused', url, { name: 'Paused Firm', ids: ['88'], active: false, criteria: {} }),
          scenarioBuyer('spring', url, {
            name: 'Spring Campaign Firm',
            ids: ['89'],
            states: ['TX'],
            criteria: { fields: [{ field: 'sub_id', in: ['spring'] }] },
          }),
        ]),
      },
    });
  }, 30_000);
  afterAll(() => server?.close());

  const names = (list: { name: string }[]) => list.map((b) => b.name);
  type Available = { selectedBuyers: { name: string }[]; allPossibleBuyers: { name: string }[] };
  const available = async (state: string) => {
    const body: Available = (await postJson(`${server.url}/buyers/get-available`, { fields: { state } })).body;
    return body;
  };

  it('offers the buyers that take the state, the team entry first in all possible buyers', async () => {
    const tx = await available('TX');
    expect(names(tx.selectedBuyers)).toEqual(['Texas Firm', 'Our Team']);
    expect(names(tx.allPossibleBuyers)[0]).toBe('Our Team');
    expect(names(tx.allPossibleBuyers)).not.toContain('Paused Firm');
  });

  it('offers a firm whose criteria name the visit\'s tracking only to a visit that carries it (§3 "Tracking")', async () => {
    const ask = async (fields: Record<string, string>) =>
      names((await postJson(`${server.url}/buyers/get-available`, { fields })).body.selectedBuyers);
    expect(await ask({ state: 'TX', sub_id: 'spring' })).toContain('Spring Campaign Firm');
    expect(await ask({ state: 'TX', sub_id: 'autumn' })).not.toContain('Spring Campaign Firm');
    // A page that says nothing of its tracking is not offered the firm either (fail closed).
    expect(await ask({ state: 'TX' })).not.toContain('Spring Campaign Firm');
  });

  it('offers no firm when none can take the lead: the §9 fallback firms are for a failed call only (issue 28)', async () => {
    const ny = await available('NY');
    expect(ny.selectedBuyers).toEqual([]);
    // A fallback firm that serves the state is offered like any buyer, under its configured name.
    expect((await available('WY')).selectedBuyers).toEqual([{ name: 'First Fallback', ids: ['40747'] }]);
  });

  it('offers none in an excluded state (§9)', async () => {
    expect((await available('CA')).selectedBuyers).toEqual([]);
  });
});
