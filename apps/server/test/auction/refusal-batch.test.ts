/**
 * Issue 32 "a refusal at post … falls to the next bid still valid": refusals that arrive together are
 * recorded together, and their leads go on to their next bids in that one transaction (auction-sale.ts
 * advanceAuctions reads the batch's auctions, jobs, leads and bids once). Ten leads whose best bidder
 * refuses every post at once, with four delivery slots (some next bids taken by the recording worker, the
 * rest queued); one lead erased while its refused post is in flight is sold to no one else. Each lead is
 * sold once, to the next bidder, at its bid. Over real HTTP on SQLite and PostgreSQL (TEST_DB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  finishedJobsOf,
  scenarioBuyer,
  scenarioPingBuyer,
  waitFor,
  writeBuyersFile,
} from '../delivery/delivery-helpers';

const LEADS = 10;
/** The refusing buyer answers its posts on a clock of this tick. */
const REFUSE_TICK_MS = 500;
let server: TestServer;
let buyers: FakeBuyerServer;

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  const bids: Record<string, unknown> = {
    'ping-batch-a': { bid: 60, bid_id: 'a' },
    'ping-batch-b': { bid: 40, bid_id: 'b' },
  };
  buyers.behaviour = (request) => {
    const bid = bids[request.firm];
    if (bid !== undefined) return { status: 200, json: bid };
    // Answered on the next tick of a shared clock: the refusals of the posts in flight arrive together.
    if (request.firm === 'batch-a') {
      return { status: 200, json: { status: 'ERROR' }, afterMs: REFUSE_TICK_MS * 2 - (Date.now() % REFUSE_TICK_MS) };
    }
    return 'buy';
  };
  const criteria = { fields: [{ field: 'sub_id', in: ['batch'] }] };
  const ping = (key: string) => scenarioPingBuyer(buyers, key, 'batch', 2000);
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      DELIVERY_CONCURRENCY: '4',
      DELIVERY_TIMEOUT_MS: '3000',
      BUYERS_FILE: writeBuyersFile([
        ping('batch-a'),
        ping('batch-b'),
        scenarioBuyer('batch-direct', buyers.url('batch-direct'), { price: 10, criteria }),
      ]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

it('refusals recorded together each fall to their next bid; an erased lead is sold to no one else', async () => {
  const leads = Array.from({ length: LEADS }, (_, i) =>
    leadBody({ sub_id: 'batch', email: `${randomUUID()}@example.com`, phone: `51255503${String(i).padStart(2, '0')}` }),
  );
  const ids = leads.map((l) => String(l.lead_id));
  const [erased, ...sold] = ids;
  await Promise.all(
    leads.map(async (lead) => expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201)),
  );

  // The erased lead's refused post is in flight: the lead is erased before the refusal is recorded.
  await waitFor(
    () => Promise.resolve(buyers.requests.some((r) => r.firm === 'batch-a' && r.body.lead_id === erased)),
    (posted) => posted,
    10_000,
  );
  await server.db
    .updateTable('leads')
    .set({ anonymized_at: new Date().toISOString() })
    .where('id', '=', String(erased))
    .execute();

  for (const leadId of sold) {
    const jobs = await finishedJobsOf(server.db, leadId, 2);
    expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents])).toEqual([
      ['batch-a', 'rejected', 6000],
      ['batch-b', 'accepted', 4000],
    ]);
    const bids = await server.db
      .selectFrom('auction_bids')
      .select(['buyer_key', 'outcome', 'job_id'])
      .where('lead_id', '=', leadId)
      .where('buyer_key', '=', 'batch-b')
      .execute();
    expect(bids).toEqual([{ buyer_key: 'batch-b', outcome: 'bid', job_id: jobs[1]?.id }]);
  }
  const erasedJobs = await finishedJobsOf(server.db, String(erased), 1);
  expect(erasedJobs.map((j) => [j.buyer_key, j.status])).toEqual([['batch-a', 'rejected']]);
  // Refusals were recorded together: several of them in one transaction (one time for the batch).
  const refusedAt = (
    await server.db
      .selectFrom('delivery_jobs')
      .select('finished_at')
      .where('buyer_key', '=', 'batch-a')
      .where('lead_id', 'in', ids)
      .execute()
  ).map((j) => Date.parse(j.finished_at ?? ''));
  expect(Math.max(...refusedAt.map((at) => refusedAt.filter((other) => other === at).length))).toBeGreaterThan(1);
  // Each lead posted once to each buyer; nothing went to the standing bid.
  const posts = buyers.requests.filter((r) => r.firm === 'batch-b').map((r) => String(r.body.lead_id));
  expect(posts.sort()).toEqual([...sold].sort());
  expect(buyers.requests.filter((r) => r.firm === 'batch-direct')).toHaveLength(0);
}, 40_000);
