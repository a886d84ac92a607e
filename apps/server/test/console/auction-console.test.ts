/**
 * Issue 32 "Console" over real HTTP on SQLite and PostgreSQL (TEST_DB), with real auctions among buyers on
 * a local fake server: a lead's page shows every ping, bid, decline, the post answers and the price paid;
 * each buyer's figures (win rate, average bid, declines, post refusals, latency); revenue per lead and per
 * visitor by dimension; and the experiments' revenue is the price actually paid, not a buyer's set price.
 */
import { randomUUID } from 'node:crypto';
import {
  BuyerAuctionReportSchema,
  ExperimentReportSchema,
  LeadDetailSchema,
  RevenueReportSchema,
  type BuyerConfigInput,
} from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  isFinal,
  jobsOf,
  scenarioBuyer,
  waitFor,
  writeBuyersFile,
} from '../delivery/delivery-helpers';
import { consoleClient, signIn, type ConsoleClient } from './console-client';

const SCENARIO = 'console-auction';
let server: TestServer;
let buyers: FakeBuyerServer;
let api: ConsoleClient;
const leads: string[] = [];

/** A ping-post buyer whose configured price (12) is never what it pays: its bid is. */
function pingBuyer(key: string): BuyerConfigInput {
  return {
    ...scenarioBuyer(key, buyers.url(key), { criteria: { fields: [{ field: 'sub_id', in: [SCENARIO] }] } }),
    price: 12,
    ping: { kind: 'json', url: buyers.url(`ping-${key}`), deadlineMs: 1000 },
    target: {
      kind: 'http',
      url: buyers.url(key),
      answer: { kind: 'json-field', field: 'status', accepted: ['ACCEPTED'], rejected: ['ERROR'] },
      fields: { lead_id: 'lead_id', email: 'email', bid_id: { bidId: true } },
    },
  };
}

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  buyers.behaviour = (request) => {
    if (request.firm === 'ping-refuser') return { status: 200, json: { bid: 80, bid_id: 'rf-1' } };
    if (request.firm === 'ping-bid-high') return { status: 200, json: { bid: '55.00', bid_id: 'hb-1' } };
    if (request.firm === 'ping-bid-low') return { status: 200, json: { bid: 30, bid_id: 'lb-1' } };
    if (request.firm === 'ping-slow') return { hang: true };
    if (request.firm === 'refuser') return { status: 200, json: { status: 'ERROR', message: 'cap full today' } };
    return 'buy';
  };
  const list = [
    pingBuyer('refuser'),
    pingBuyer('bid-high'),
    pingBuyer('bid-low'),
    pingBuyer('slow'),
    scenarioBuyer('standing-20', buyers.url('standing-20'), {
      price: 20,
      criteria: { fields: [{ field: 'sub_id', in: [SCENARIO] }] },
    }),
  ];
  server = await startTestServer({ env: { ...FAST_DELIVERY_ENV, BUYERS_FILE: writeBuyersFile(list) } });
  api = consoleClient(server, await signIn(server, 'auction@example.com'));
  for (let i = 0; i < 2; i += 1) {
    // Each its own contact: a buyer holding a contact is not pinged again for it (duplicate window).
    const contact = { email: `${randomUUID()}@example.com`, phone: `51255501${10 + i}` };
    const body = leadBody({ sub_id: SCENARIO, ...contact, affid: 'aff-7' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(201);
    const leadId = String(body.lead_id);
    leads.push(leadId);
    await waitFor(
      () => jobsOf(server.db, leadId),
      (jobs) => jobs.some((j) => j.status === 'accepted') && jobs.every((j) => isFinal(j.status)),
    );
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

describe('the console reads the auctions (issue 32 "Console")', () => {
  it("a lead's page: every ping, bid, decline in its code, the post answers, the winner and the price paid", async () => {
    const res = await api.get(`/leads/${leads[0]}`);
    expect(res.status).toBe(200);
    const { auction } = LeadDetailSchema.parse(res.body);
    expect(auction).toMatchObject({ status: 'decided', round: 1, wanted: 1, winners: ['bid-high'], paid_cents: 5500 });
    const byBuyer = Object.fromEntries((auction?.bids ?? []).map((b) => [b.buyer_key, b]));
    expect(byBuyer.refuser).toMatchObject({ kind: 'ping', outcome: 'bid', price_cents: 8000, bid_ref: 'rf-1' });
    expect(byBuyer.refuser?.post).toMatchObject({ status: 'rejected', price_cents: 8000 });
    expect(byBuyer.refuser?.post?.last_answer).toContain('cap full today');
    expect(byBuyer['bid-high']?.post).toMatchObject({ status: 'accepted', price_cents: 5500, last_status: 200 });
    expect(byBuyer['bid-high']?.expires_at).not.toBeNull();
    expect(byBuyer['bid-low']).toMatchObject({ outcome: 'bid', price_cents: 3000, post: null });
    expect(byBuyer.slow).toMatchObject({ outcome: 'declined', decline: 'timeout', post: null });
    expect(byBuyer.slow?.latency_ms).toBeGreaterThanOrEqual(900);
    expect(byBuyer['standing-20']).toMatchObject({ kind: 'standing', outcome: 'bid', price_cents: 2000, post: null });
  });

  it("each buyer's figures over the period: win rate, average bid, declines, refusals at post, latency", async () => {
    const res = await api.get('/auction/buyers?period=7d');
    expect(res.status).toBe(200);
    const report = BuyerAuctionReportSchema.parse(res.body);
    const row = (key: string) => report.buyers.find((b) => b.buyer_key === key);
    expect(row('refuser')).toMatchObject({ pinged: 2, bids: 2, won: 2, winRate: 1, postRefusals: 2, bought: 0 });
    expect(row('bid-high')).toMatchObject({
      pinged: 2,
      won: 2,
      winRate: 1,
      averageBidCents: 5500,
      postRefusals: 0,
      bought: 2,
      paidCents: 11_000,
    });
    expect(row('bid-low')).toMatchObject({ pinged: 2, bids: 2, won: 0, winRate: 0, averageBidCents: 3000 });
    expect(row('slow')).toMatchObject({ pinged: 2, bids: 0, declines: { timeout: 2 }, averageBidCents: null });
    expect(row('slow')?.latencyP50Ms).toBeGreaterThanOrEqual(900);
    expect(row('slow')?.latencyP90Ms).toBeGreaterThanOrEqual(row('slow')?.latencyP50Ms ?? 0);
    expect(row('bid-high')?.latencyP90Ms).toBeLessThan(1000);
    expect(row('standing-20')).toMatchObject({ pinged: 0, standing: 2, won: 0, winRate: 0, latencyP50Ms: null });
    // The buyer that paid most first.
    expect(report.buyers[0]?.buyer_key).toBe('bid-high');
    expect((await api.get('/auction/buyers?period=year')).status).toBe(400);
  });

  it('revenue per lead and per visitor by variant, affiliate and day: the prices actually paid', async () => {
    const variant = (
      await server.db.selectFrom('leads').select('variant').where('id', '=', leads[0]!).executeTakeFirstOrThrow()
    ).variant;
    const at = new Date().toISOString();
    for (let i = 0; i < 4; i += 1) {
      const session = randomUUID();
      for (const [n, step] of ['Start', 'Injury'].entries()) {
        await server.db
          .insertInto('step_snapshots')
          .values({
            session,
            step_id: step,
            step_number: n + 1,
            ms_on_step: 1000,
            variant,
            brand: 'default',
            language: 'en',
            landing_path: '/survey',
            received_at: at,
          })
          .execute();
      }
    }
    const byVariant = RevenueReportSchema.parse((await api.get('/revenue?period=today&by=variant')).body);
    expect(byVariant.rows).toEqual([
      { key: variant, visitors: 4, leads: 2, sold: 2, revenueCents: 11_000, perLeadCents: 5500, perVisitorCents: 2750 },
    ]);
    expect(byVariant.total).toMatchObject({ visitors: 4, leads: 2, revenueCents: 11_000 });
    const byAffid = RevenueReportSchema.parse((await api.get('/revenue?period=30d&by=affid')).body);
    expect(byAffid.rows).toEqual([
      {
        key: 'aff-7',
        visitors: null,
        leads: 2,
        sold: 2,
        revenueCents: 11_000,
        perLeadCents: 5500,
        perVisitorCents: null,
      },
    ]);
    const byDay = RevenueReportSchema.parse((await api.get('/revenue?period=7d&by=day')).body);
    expect(byDay.rows).toEqual([expect.objectContaining({ key: at.slice(0, 10), visitors: 4, leads: 2 })]);
    const byBrand = RevenueReportSchema.parse((await api.get('/revenue?by=brand')).body);
    expect(byBrand.total).toMatchObject({ leads: 2, revenueCents: 11_000 });
    expect((await api.get('/revenue?by=zip')).status).toBe(400);
  });

  it("an experiment's revenue is the price actually paid (the winning bid), not the buyer's configured price", async () => {
    const saved = await api.send('PUT', '/experiments/auction-revenue', {
      name: 'Revenue read-out',
      path: '/survey/v2',
      status: 'running',
      arms: [
        { id: 'control', variant: 'variant-c', weight: 1 },
        { id: 'a', variant: 'variant-a', weight: 1 },
      ],
    });
    expect(saved.body).toMatchObject({ config: { id: 'auction-revenue' } });
    await server.db
      .updateTable('leads')
      .set({ experiment_id: 'auction-revenue', arm: 'control' })
      .where('id', '=', leads[0]!)
      .execute();
    const report = ExperimentReportSchema.parse((await api.get('/experiments/auction-revenue')).body);
    const control = report.arms.find((a) => a.arm === 'control');
    // bid-high's bid (55.00), after refuser's 80.00 was refused at post; its configured price is 12.00.
    expect(control).toMatchObject({ leads: 1, revenueCents: 5500, revenueSquaresCents: 5500 * 5500 });
  });
});
