/**
 * Issue 32 "a refusal at post … falls to the next bid": the next bid is chosen in the transaction that records
 * the refusal, with the buyers as configured now. The list of buyers the server keeps for a second
 * (buyer-directory.ts) was once re-read through the database from inside that transaction: on SQLite's one
 * connection the read waited for the transaction, which waited for the read, and the delivery worker, the
 * auctions and every lead posted after it hung (bench:auction: leads answered 503 after 8 s, then sockets
 * closed). The refusal here arrives after the list has gone stale (the worker polls every 5 s, nothing else
 * reads the buyers meanwhile). Over real HTTP on SQLite and PostgreSQL (TEST_DB).
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
  writeBuyersFile,
} from '../delivery/delivery-helpers';

let server: TestServer;
let buyers: FakeBuyerServer;
/** Longer than the buyers list is kept (1 s). */
const REFUSED_AFTER_MS = 1_600;

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  buyers.behaviour = (request) => {
    if (request.firm === 'ping-slow-refuser') return { status: 200, json: { bid: 80, bid_id: 'sr-1' } };
    if (request.firm === 'slow-refuser')
      return { status: 200, json: { status: 'ERROR', message: 'cap full today' }, afterMs: REFUSED_AFTER_MS };
    return 'buy';
  };
  const criteria = { fields: [{ field: 'sub_id', in: ['stale-buyers'] }] };
  const refuser = scenarioPingBuyer(buyers, 'slow-refuser', 'stale-buyers', 2000);
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      // The worker looks for jobs when told (a decided auction, an outcome), otherwise every 5 s.
      DELIVERY_POLL_MS: '5000',
      DELIVERY_TIMEOUT_MS: '5000',
      BUYERS_FILE: writeBuyersFile([
        refuser,
        scenarioBuyer('standing-15', buyers.url('standing-15'), { price: 15, criteria }),
      ]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

it('a refusal answered once the buyers list is stale falls to the next bid, and the server goes on', async () => {
  const lead = leadBody({ sub_id: 'stale-buyers', email: `${randomUUID()}@example.com` });
  expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
  const leadId = String(lead.lead_id);
  const jobs = await finishedJobsOf(server.db, leadId, 2);
  expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents]).sort()).toEqual([
    ['slow-refuser', 'rejected', 8000],
    ['standing-15', 'accepted', 1500],
  ]);
  // Leads posted after it are still taken.
  const next = leadBody({ sub_id: 'stale-buyers', email: `${randomUUID()}@example.com` });
  expect((await postJson(`${server.url}/post-lead`, next)).status).toBe(201);
}, 30_000);
