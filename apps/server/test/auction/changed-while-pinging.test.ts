/**
 * Issue 32 with issue 14's and 29's promises: a lead whose contact opts out, or whose person has it erased,
 * while its auction is pinging is not posted to the winner. The decision reads the lead as it is then and
 * its suppression in its first statement (auction-sale.ts decideAuction) and hands those facts with the
 * winner's job to this process's worker, which skips the post; nothing reaches the buyer. A lead left as it
 * was is sold as usual. Over real HTTP on SQLite and PostgreSQL (TEST_DB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addSuppression } from '../../src/db/suppression-store';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import { FAST_DELIVERY_ENV, finishedJobsOf, scenarioPingBuyer, writeBuyersFile } from '../delivery/delivery-helpers';

/** The bidder answers this late: the changes land while the auction is pinging. */
const BID_AFTER_MS = 1200;
let server: TestServer;
let buyers: FakeBuyerServer;

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  buyers.behaviour = (request) =>
    request.firm === 'ping-later'
      ? { status: 200, json: { bid: 45, bid_id: `l-${randomUUID()}` }, afterMs: BID_AFTER_MS }
      : 'buy';
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      BUYERS_FILE: writeBuyersFile([scenarioPingBuyer(buyers, 'later', 'pinging', 3000)]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

it('skips the post of a lead suppressed or erased while its auction pinged; sells the one left as it was', async () => {
  const leads = ['5125550181', '5125550182', '5125550183'].map((phone) =>
    leadBody({ sub_id: 'pinging', email: `${randomUUID()}@example.com`, phone }),
  );
  const [optedOut, erased, kept] = leads.map((l) => String(l.lead_id));
  await Promise.all(
    leads.map(async (lead) => expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201)),
  );
  await buyers.waitForRequests('ping-later', 3, 10_000);
  // While the pings wait for their answers:
  await addSuppression(server.db, { phone: String(leads[0]?.phone), reason: 'opt-out', addedAt: new Date() });
  await server.db
    .updateTable('leads')
    .set({ anonymized_at: new Date().toISOString() })
    .where('id', '=', String(erased))
    .execute();
  const finalJobs = (leadId: string) => finishedJobsOf(server.db, leadId, 1);
  expect((await finalJobs(String(optedOut))).map((j) => [j.status, j.reason])).toEqual([['skipped', 'suppressed']]);
  expect((await finalJobs(String(erased))).map((j) => j.status)).toEqual(['skipped']);
  expect((await finalJobs(String(kept))).map((j) => [j.status, j.price_cents])).toEqual([['accepted', 4500]]);
  // Only the lead left as it was reached the buyer.
  expect(buyers.requests.filter((r) => r.firm === 'later').map((r) => r.body.lead_id)).toEqual([kept]);
}, 40_000);
