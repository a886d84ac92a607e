/**
 * Issue 32 "Proof": `npm start` (development, no BUYERS_FILE) shows auctions among the sample buyers
 * (config/sample-buyers.json): a lead is pinged to the three ping-post sample buyers (the generic JSON,
 * Lead Prosper and boberdoo fakes served by this very server, fake-buyer-routes.ts), the direct-post
 * sample buyers stand as fixed bids, and the auction ends decided with a post, over real HTTP on SQLite
 * and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_DELIVERY_ENV, isFinal, jobsOf, waitFor } from '../delivery/delivery-helpers';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';

const PING_BUYERS = ['lone-star-lead-exchange', 'midwest-claims-marketplace', 'pacific-coast-injury-network'];

let server: TestServer;
beforeAll(async () => {
  // No BUYERS_FILE: npm start's sample buyers (config/sample-buyers.json), the ping-post ones among them.
  server = await startTestServer({ env: { ...FAST_DELIVERY_ENV } });
}, 30_000);
afterAll(() => server?.close());

describe('auctions among the development sample buyers', () => {
  it('pings the three ping-post fakes, counts the direct-post buyers as standing bids, and decides', async () => {
    const lead = leadBody({ email: `${randomUUID()}@example.com` });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    const leadId = String(lead.lead_id);
    const auction = await waitFor(
      () => server.db.selectFrom('auctions').selectAll().where('lead_id', '=', leadId).executeTakeFirst(),
      (a) => a?.status === 'decided' || a?.status === 'unsold',
    );
    const bids = await server.db.selectFrom('auction_bids').selectAll().where('lead_id', '=', leadId).execute();
    const pings = bids.filter((b) => b.kind === 'ping');
    expect(pings.map((b) => b.buyer_key).sort()).toEqual(PING_BUYERS);
    // Each fake bids, declines or answers late; whatever it did is a bid or a decline with its reason.
    for (const ping of pings) {
      if (ping.outcome === 'bid') expect(ping.price_cents).toBeGreaterThan(0);
      else expect(['no_bid', 'timeout', 'below_floor']).toContain(ping.decline);
    }
    expect(bids.some((b) => b.kind === 'standing')).toBe(true);
    expect(auction?.status).toBe('decided');
    const jobs = await waitFor(
      () => jobsOf(server.db, leadId),
      (rows) => rows.length > 0 && rows.every((j) => isFinal(j.status)),
    );
    expect(jobs.some((j) => j.status === 'accepted')).toBe(true);
  }, 30_000);
});
