/**
 * Issue 32 (performance): a new lead's auction is written already claimed by the process that took the lead,
 * in the lead's own transaction, and pinged right after the commit (auction-runner.ts reserve, auction-store.ts
 * openAuction): no claim transaction and no read of the lead before the pings. With every slot of the runner
 * taken, the auction is written pending as before and run by whichever worker claims it next. Each lead is
 * sold once either way. AUCTION_CONCURRENCY 1: the first lead's auction (its bid answered late) holds the
 * only slot while the second lead arrives. Over real HTTP on SQLite and PostgreSQL (TEST_DB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  finishedJobsOf,
  scenarioPingBuyer,
  waitFor,
  writeBuyersFile,
} from '../delivery/delivery-helpers';

let server: TestServer;
let buyers: FakeBuyerServer;
/** The bid is answered this late: the first auction holds the runner's only slot meanwhile. */
const BID_AFTER_MS = 800;

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  buyers.behaviour = (request) =>
    request.firm === 'ping-bidder'
      ? { status: 200, json: { bid: 40, bid_id: `b-${randomUUID()}` }, afterMs: BID_AFTER_MS }
      : 'buy';
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      AUCTION_CONCURRENCY: '1',
      BUYERS_FILE: writeBuyersFile([scenarioPingBuyer(buyers, 'bidder', 'intake-claim', 1500)]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

async function postLead(phone: string): Promise<string> {
  const lead = leadBody({ sub_id: 'intake-claim', email: `${randomUUID()}@example.com`, phone });
  expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
  return String(lead.lead_id);
}

const auctionOf = (leadId: string) =>
  server.db
    .selectFrom('auctions')
    .select(['status', 'round', 'worker', 'lease_until', 'created_at'])
    .where('lead_id', '=', leadId)
    .executeTakeFirstOrThrow();

it('claims the auction in the lead’s transaction when a slot is free, leaves it pending when none is, sells each once', async () => {
  const first = await postLead('5125550111');
  // Answered 201: the auction was committed with the lead, already this server's, round 1, leased.
  const claimed = await auctionOf(first);
  expect(claimed).toMatchObject({ status: 'pinging', round: 1 });
  expect(claimed.worker).not.toBe('');
  expect(Date.parse(claimed.lease_until ?? '')).toBeGreaterThan(Date.parse(claimed.created_at));

  // The first auction's bid is still on its way: the only slot is taken, the second auction waits for it.
  const second = await postLead('5125550112');
  expect(await auctionOf(second)).toMatchObject({ status: 'pending', round: 0, worker: '' });

  for (const leadId of [first, second]) {
    const auction = await waitFor(
      () => auctionOf(leadId),
      (a) => a.status === 'decided',
      15_000,
    );
    // One round each: the claimed auction was not claimed again by the runner's loop.
    expect(auction.round).toBe(1);
    const jobs = await finishedJobsOf(server.db, leadId, 1);
    expect(jobs).toMatchObject([{ buyer_key: 'bidder', status: 'accepted' }]);
  }
  // One post per lead, one ping per lead: none pinged or posted twice.
  const posted = buyers.requests.filter((r) => r.firm === 'bidder').map((r) => r.body.lead_id);
  expect(posted.sort()).toEqual([first, second].sort());
  expect(buyers.requests.filter((r) => r.firm === 'ping-bidder')).toHaveLength(2);
}, 40_000);
