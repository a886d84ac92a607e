/**
 * Issue 32 "Exclusive or shared sale (up to N buyers, as routing already allows)": with DELIVERY_ROUTING=shared
 * and two buyers wanted, the two best offers are posted; a refusal of one falls to the next offer while the
 * other sale stands. Over real HTTP on SQLite and PostgreSQL (TEST_DB).
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

beforeAll(async () => {
  buyers = await startFakeBuyerServer();
  const bids: Record<string, unknown> = {
    'ping-shared-x': { bid: 30, bid_id: 'sx' },
    'ping-shared-y': { bid: 20, bid_id: 'sy' },
    'ping-shared-z': { bid: 0 },
  };
  buyers.behaviour = (request) => {
    const bid = bids[request.firm];
    if (bid !== undefined) return { status: 200, json: bid };
    if (request.firm === 'shared-x') return { status: 200, json: { status: 'ERROR', message: 'full' } };
    return 'buy';
  };
  // Every buyer takes the leads of one scenario (sub_id shared).
  const criteria = { fields: [{ field: 'sub_id', in: ['shared'] }] };
  const ping = (key: string) => scenarioPingBuyer(buyers, key, 'shared', 2000);
  server = await startTestServer({
    env: {
      ...FAST_DELIVERY_ENV,
      DELIVERY_ROUTING: 'shared',
      DELIVERY_SHARED_MAX_BUYERS: '2',
      BUYERS_FILE: writeBuyersFile([
        ping('shared-x'),
        ping('shared-y'),
        ping('shared-z'),
        scenarioBuyer('direct-s', buyers.url('direct-s'), { price: 25, criteria }),
      ]),
    },
  });
}, 30_000);
afterAll(async () => {
  await server?.close();
  await buyers?.close();
});

it('posts the two best offers; the refused one falls to the next bid, the other sale stands', async () => {
  const lead = leadBody({ sub_id: 'shared', email: `${randomUUID()}@example.com` });
  expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
  const jobs = await finishedJobsOf(server.db, String(lead.lead_id), 3);
  expect(jobs.map((j) => [j.buyer_key, j.status, j.price_cents])).toEqual([
    ['direct-s', 'accepted', 2500],
    ['shared-x', 'rejected', 3000],
    ['shared-y', 'accepted', 2000],
  ]);
});
