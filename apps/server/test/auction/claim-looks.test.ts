/**
 * Issue 32, the auction's statements: a sale handed over directly (the intake's auction to its runner's
 * slot, the winner's post to the worker's kept slot) costs the claim loops no look in the database. Each
 * finished auction and delivery used to send its loop to the database for more (an empty claim: a pg-boss
 * fetch, or a begin, select … for update skip locked, commit), a sixth of an auctioned lead's statements
 * on PostgreSQL. Now a loop looks when work was announced, when its last look was full, or once per poll
 * interval (jobs/wake-signal.ts). Read from the server's own counter (funnel_claim_looks_total). Over real
 * HTTP on SQLite and PostgreSQL (TEST_DB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import { FAST_DELIVERY_ENV, finishedJobsOf, scenarioPingBuyer, writeBuyersFile } from '../delivery/delivery-helpers';

const LEADS = 24;
const POLL_MS = 1000;
let server: TestServer;
let buyers: FakeBuyerServer;

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  buyers.behaviour = (request) =>
    request.firm === 'ping-winner' ? { status: 200, json: { bid: 50, bid_id: `w-${randomUUID()}` } } : 'buy';
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      DELIVERY_POLL_MS: String(POLL_MS),
      BUYERS_FILE: writeBuyersFile([scenarioPingBuyer(buyers, 'winner', 'looks', 1000)]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

async function looks(): Promise<{ delivery: number; auction: number }> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const count = (loop: string) =>
    Number(new RegExp(`^funnel_claim_looks_total\\{loop="${loop}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { delivery: count('delivery'), auction: count('auction') };
}

it('sells leads handed over directly with about one look per poll interval, not one per lead', async () => {
  const before = await looks();
  const started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: LEADS }, async (_, i) => {
      const lead = leadBody({
        sub_id: 'looks',
        email: `${randomUUID()}@example.com`,
        phone: `51255502${String(i).padStart(2, '0')}`,
      });
      expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
      return String(lead.lead_id);
    }),
  );
  for (const leadId of ids) {
    const jobs = await finishedJobsOf(server.db, leadId, 1);
    expect(jobs.map((j) => [j.buyer_key, j.status])).toEqual([['winner', 'accepted']]);
  }
  const after = await looks();
  const elapsed = performance.now() - started;
  // The poll interval's looks over the time taken, and one more each for a look under way at either end.
  const bound = Math.ceil(elapsed / POLL_MS) + 2;
  expect(bound).toBeLessThan(LEADS / 2); // the bound means something: well under a look per lead
  expect(after.delivery - before.delivery).toBeLessThanOrEqual(bound);
  expect(after.auction - before.auction).toBeLessThanOrEqual(bound);
  // Every post went out once.
  expect(buyers.requests.filter((r) => r.firm === 'winner')).toHaveLength(LEADS);
}, 40_000);
