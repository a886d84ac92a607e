/**
 * Issue 32 over real HTTP on SQLite and PostgreSQL (TEST_DB), with the buyers on a real local server: a lead
 * offered to ping-post buyers at once (anonymized), the highest bid above the floors posted with its bid id,
 * a refusal at post falling to the next bid, late, malformed and declining answers recorded as declines, a
 * lead no bidder takes ending not_sent, and the one-to-one consent keeping firms the visitor did not choose
 * out of the auction.
 */
import { randomUUID } from 'node:crypto';
import type { BuyerConfigInput } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import type { Services } from '../../src/services';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type BuyerBehaviour, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import {
  consentBody,
  FAST_DELIVERY_ENV,
  isFinal,
  jobsOf,
  routingOf,
  scenarioBuyer,
  waitFor,
  writeBuyersFile,
} from '../delivery/delivery-helpers';

let server: TestServer;
let buyers: FakeBuyerServer;
let services: Services | undefined;

/** A ping-post buyer of one scenario (its sub_id), pinged at /buy/ping-<key>, posted at /buy/<key>. */
function pingBuyer(key: string, scenario: string, extra: Partial<BuyerConfigInput> = {}): BuyerConfigInput {
  return {
    ...scenarioBuyer(key, buyers.url(key), { criteria: { fields: [{ field: 'sub_id', in: [scenario] }] } }),
    price: 0,
    ping: { kind: 'json', url: buyers.url(`ping-${key}`), deadlineMs: 2000 },
    target: {
      kind: 'http',
      url: buyers.url(key),
      answer: { kind: 'json-field', field: 'status', accepted: ['ACCEPTED'], rejected: ['ERROR'] },
      fields: { lead_id: 'lead_id', email: 'email', phone: 'phone', bid_id: { bidId: true } },
    },
    ...extra,
  };
}

/** A direct-post buyer of one scenario at a fixed price: a standing bid. */
function directBuyer(key: string, scenario: string, price: number): BuyerConfigInput {
  return scenarioBuyer(key, buyers.url(key), { price, criteria: { fields: [{ field: 'sub_id', in: [scenario] }] } });
}

/** Ping answers by buyer; anything else is bought (the fake buyer's post answer). */
const PINGS: Record<string, BuyerBehaviour> = {
  'high-bidder': { status: 200, json: { bid: '55.00', bid_id: 'hb-1' } },
  'low-bidder': { status: 200, json: { bid: 30, bid_id: 'lb-1' } },
  decliner: { status: 200, json: { bid: 0, reason: 'not in area' } },
  'late-bidder': { hang: true },
  'garbage-bidder': { status: 200, text: '<html>oops</html>' },
  'error-bidder': { status: 503, text: 'busy' },
  refuser: { status: 200, json: { bid: 80, bid_id: 'rf-1' } },
  'after-refuser': { status: 200, json: { bid: 45, bid_id: 'ar-1' } },
  'below-floor': { status: 200, json: { bid: 59.99, bid_id: 'bf-1' } },
  'nobody-a': { status: 200, json: { bid: 0 } },
  'consented-bidder': { status: 200, json: { bid: 20, bid_id: 'cb-1' } },
  'unchosen-bidder': { status: 200, json: { bid: 90, bid_id: 'ub-1' } },
  'pre-yes': { status: 200, json: { bid: 25, bid_id: 'py-1' } },
  'pre-no': { status: 200, json: { bid: 0, reason: 'no Texas' } },
  'pre-late': { hang: true },
};

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  buyers.behaviour = (request) => {
    if (request.firm.startsWith('ping-')) return PINGS[request.firm.slice(5)] ?? { status: 200, json: { bid: 0 } };
    if (request.firm === 'refuser') return { status: 200, json: { status: 'ERROR', message: 'cap full today' } };
    return 'buy';
  };
  const list: BuyerConfigInput[] = [
    pingBuyer('high-bidder', 'auction-best'),
    pingBuyer('low-bidder', 'auction-best'),
    pingBuyer('decliner', 'auction-best'),
    pingBuyer('late-bidder', 'auction-best'),
    pingBuyer('garbage-bidder', 'auction-best'),
    pingBuyer('error-bidder', 'auction-best'),
    directBuyer('standing-40', 'auction-best', 40),
    pingBuyer('refuser', 'auction-refusal'),
    pingBuyer('after-refuser', 'auction-refusal'),
    directBuyer('standing-10', 'auction-refusal', 10),
    pingBuyer('below-floor', 'auction-floor', {
      ping: { kind: 'json', url: buyers.url('ping-below-floor'), floor: 60 },
    }),
    directBuyer('standing-5', 'auction-floor', 5),
    pingBuyer('nobody-a', 'auction-nobody'),
    { ...pingBuyer('consented-bidder', 'auction-consent'), ids: ['7001'] },
    { ...pingBuyer('unchosen-bidder', 'auction-consent'), ids: ['7002'] },
    { ...pingBuyer('pre-yes', 'auction-prelist'), ids: ['7101'] },
    { ...pingBuyer('pre-no', 'auction-prelist'), ids: ['7102'] },
    { ...pingBuyer('pre-late', 'auction-prelist'), ids: ['7103'] },
  ];
  server = await startTestServer({
    env: { ...FAST_DELIVERY_ENV, BUYERS_FILE: writeBuyersFile(list) },
    exposeServices: (built) => (services = built),
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

async function postLead(scenario: string, body?: Record<string, unknown>) {
  const lead = body ?? leadBody({ sub_id: scenario, email: `${randomUUID()}@example.com` });
  expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
  return String(lead.lead_id);
}

const auctionOf = (leadId: string) =>
  server.db.selectFrom('auctions').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
const bidsOf = (leadId: string) =>
  server.db.selectFrom('auction_bids').selectAll().where('lead_id', '=', leadId).orderBy('buyer_key').execute();

async function settled(leadId: string) {
  await waitFor(
    () => auctionOf(leadId),
    (a) => a?.status === 'decided' || a?.status === 'unsold',
  );
  return waitFor(
    () => jobsOf(server.db, leadId),
    (jobs) => jobs.every((j) => isFinal(j.status)),
  );
}

describe('the ping-post auction (issue 32)', () => {
  it('pings every eligible buyer anonymized, posts the highest bid with its bid id, records every answer', async () => {
    const leadId = await postLead('auction-best');
    expect(await routingOf(server.db, leadId)).toMatchObject({ outcome: 'routed', reason: 'auction' });
    const jobs = await settled(leadId);
    expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents, j.bid_ref])).toEqual([
      ['high-bidder', 'accepted', 5500, 'hb-1'],
    ]);
    const posted = buyers.requests.filter((r) => r.firm === 'high-bidder');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ lead_id: leadId, bid_id: 'hb-1' });

    const bids = await bidsOf(leadId);
    const byBuyer = Object.fromEntries(bids.map((b) => [b.buyer_key, [b.kind, b.outcome, b.decline, b.price_cents]]));
    expect(byBuyer).toEqual({
      decliner: ['ping', 'declined', 'no_bid', 0],
      'error-bidder': ['ping', 'declined', 'http-status', 0],
      'garbage-bidder': ['ping', 'declined', 'bad-answer', 0],
      'high-bidder': ['ping', 'bid', '', 5500],
      'late-bidder': ['ping', 'declined', 'timeout', 0],
      'low-bidder': ['ping', 'bid', '', 3000],
      'standing-40': ['standing', 'bid', '', 4000],
    });
    expect(bids.find((b) => b.buyer_key === 'high-bidder')!.job_id).toBe(jobs[0]!.id);
    // Nobody else got the lead: the direct-post buyer was a standing bid only.
    expect(buyers.requests.filter((r) => r.firm === 'standing-40' || r.firm === 'low-bidder')).toHaveLength(0);

    // The ping carried what prices the lead and nothing that says who the visitor is.
    const ping = buyers.requests.find(
      (r) => r.firm === 'ping-high-bidder' && String(r.body.auction_id).startsWith(leadId),
    );
    expect(ping?.body).toMatchObject({ state: 'TX', zip_prefix: '787', injured: 'Yes', consent_type: 'partners' });
    const sent = JSON.stringify(ping?.body);
    for (const secret of ['Maria', 'example.com', '5125550100', '78701', 'Mozilla']) expect(sent).not.toContain(secret);
  });

  it('a refusal at post falls to the next bid still holding, then the standing bids', async () => {
    const leadId = await postLead('auction-refusal');
    const jobs = await settled(leadId);
    expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents])).toEqual([
      ['after-refuser', 'accepted', 4500],
      ['refuser', 'rejected', 8000],
    ]);
    expect((await auctionOf(leadId))?.status).toBe('decided');
    // The standing bid was never needed.
    expect(jobs.some((j) => j.buyer_key === 'standing-10')).toBe(false);
  });

  it("a bid below its buyer's floor is declined; the standing bid sells the lead", async () => {
    const leadId = await postLead('auction-floor');
    const jobs = await settled(leadId);
    expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents])).toEqual([['standing-5', 'accepted', 500]]);
    const below = (await bidsOf(leadId)).find((b) => b.buyer_key === 'below-floor');
    expect(below).toMatchObject({ outcome: 'declined', decline: 'below_floor', price_cents: 5999 });
  });

  it('no bid: the auction is unsold and the lead not_sent, routable again', async () => {
    const leadId = await postLead('auction-nobody');
    await settled(leadId);
    expect(await auctionOf(leadId)).toMatchObject({ status: 'unsold', reason: 'no bid at or above the floor' });
    expect(await routingOf(server.db, leadId)).toMatchObject({ outcome: 'not_sent', reason: 'auction_unsold' });
    expect(await jobsOf(server.db, leadId)).toEqual([]);

    // The buyer bids again: re-routed (console, ops), the lead goes to a new round and is sold.
    PINGS['nobody-a'] = { status: 200, json: { bid: 12, bid_id: 'na-2' } };
    const summary = await services!.delivery.rerouteNotSent(new Date(Date.now() - 60_000).toISOString());
    expect(summary.results.find((r) => r.lead_id === leadId)).toMatchObject({ outcome: 'routed' });
    const jobs = await settled(leadId);
    expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents, j.bid_ref])).toEqual([
      ['nobody-a', 'accepted', 1200, 'na-2'],
    ]);
    expect(await auctionOf(leadId)).toMatchObject({ status: 'decided', round: 2 });
  });

  it('one-to-one consent (§4): a firm the visitor did not choose is never pinged, whatever it would bid', async () => {
    const body = consentBody(
      leadBody({
        sub_id: 'auction-consent',
        email: `${randomUUID()}@example.com`,
        selected_buyer_names: 'Firm consented-bidder',
      }),
      '_7001_',
    );
    const leadId = await postLead('auction-consent', body);
    const jobs = await settled(leadId);
    expect(jobs.map((j) => [j.buyer_key, j.status])).toEqual([['consented-bidder', 'accepted']]);
    expect(buyers.requests.some((r) => r.firm === 'ping-unchosen-bidder')).toBe(false);
    const routing = await routingOf(server.db, leadId);
    expect(routing?.buyers).toContainEqual({ buyer: 'unchosen-bidder', result: 'refused', reason: 'not_consented' });
  });

  it('a consent page shows the firms that can buy: a ping-post buyer saying no now is left out', async () => {
    const res = await postJson(`${server.url}/buyers/get-available`, {
      fields: { state: 'TX', zip_code: '78701', sub_id: 'auction-prelist' },
    });
    expect(res.status).toBe(200);
    const names = (res.body as { selectedBuyers: { name: string }[] }).selectedBuyers.map((b) => b.name);
    expect(names).toContain('Firm pre-yes');
    // It could not answer in time: nothing says it will not buy, and the auction sells only to chosen firms.
    expect(names).toContain('Firm pre-late');
    expect(names).not.toContain('Firm pre-no');
    // The pre-ping is the anonymized ping too.
    const pre = buyers.requests.find((r) => r.firm === 'ping-pre-no');
    expect(pre?.body).toMatchObject({ state: 'TX', zip_prefix: '787' });
    expect(String(pre?.body.auction_id)).toMatch(/^pre-/);
  });
});
