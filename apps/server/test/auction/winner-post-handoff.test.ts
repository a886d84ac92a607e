/**
 * Issue 32 "Post … through the existing delivery jobs and workers": the auction's winner is written already
 * taken by this process's delivery worker when it has a slot free, and posted at once (auction-runner.ts,
 * delivery-worker.ts reserve/handOff); with every slot busy, the job is queued and posted once a slot frees.
 * Either way the lead is sold once. DELIVERY_CONCURRENCY 1: the first winner's post holds the only slot
 * while the second lead's auction is decided. Over real HTTP on SQLite and PostgreSQL (TEST_DB).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from '../delivery/fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  finishedJobsOf,
  jobsOf,
  scenarioPingBuyer,
  waitFor,
  writeBuyersFile,
} from '../delivery/delivery-helpers';

let server: TestServer;
let buyers: FakeBuyerServer;
/** The first post is answered this late: the worker's only slot is held meanwhile. */
const FIRST_POST_MS = 2_000;

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  let posts = 0;
  buyers.behaviour = (request) => {
    if (request.firm === 'ping-winner') return { status: 200, json: { bid: 50, bid_id: `w-${randomUUID()}` } };
    if (request.firm === 'winner') return (posts += 1) === 1 ? { buyAfterMs: FIRST_POST_MS } : 'buy';
    return 'buy';
  };
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      DELIVERY_CONCURRENCY: '1',
      DELIVERY_TIMEOUT_MS: '5000',
      BUYERS_FILE: writeBuyersFile([scenarioPingBuyer(buyers, 'winner', 'handoff', 1000)]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

async function postLead(phone: string): Promise<string> {
  const lead = leadBody({ sub_id: 'handoff', email: `${randomUUID()}@example.com`, phone });
  expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
  return String(lead.lead_id);
}

it("posts the winner at once with a slot free, queues it while the worker's slots are busy, sells each once", async () => {
  const first = await postLead('5125550101');
  // The first winner's post is in flight, holding the worker's only slot.
  await buyers.waitForRequests('winner', 1, 10_000);
  const [firstJob] = await jobsOf(server.db, first);
  expect(firstJob).toMatchObject({ buyer_key: 'winner', status: 'sending', attempts: 1 });

  const second = await postLead('5125550102');
  // Decided while the slot is busy: written queued, not taken.
  const [queued] = await waitFor(
    () => jobsOf(server.db, second),
    (jobs) => jobs.length === 1,
    10_000,
  );
  expect(queued).toMatchObject({ buyer_key: 'winner', status: 'queued', attempts: 0 });

  for (const leadId of [first, second]) {
    const jobs = await finishedJobsOf(server.db, leadId, 1);
    expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents, j.attempts])).toEqual([
      ['winner', 'accepted', 5000, 1],
    ]);
  }
  // One post per lead: none sent twice.
  const posted = buyers.requests.filter((r) => r.firm === 'winner').map((r) => r.body.lead_id);
  expect(posted.sort()).toEqual([first, second].sort());
}, 40_000);
