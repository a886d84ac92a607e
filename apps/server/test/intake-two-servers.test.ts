/**
 * Issue 15, fault test "Two servers on one database" under load, both databases: two app instances, each
 * with its own connections, take the same leads at the same moment (a retry landing on the other instance
 * behind a load balancer), many at once. Every lead is stored once, answered 201 by one instance and 200
 * by the other, routed once, with one delivery job per buyer. Delivery by two worker processes is issue 14's
 * test (delivery/two-servers.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const LEADS = 150;
const AT_ONCE = 25;
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  const env = { DELIVERY_WORKER: 'off', TRUST_PROXY: '127.0.0.1' };
  a = await startTestServer({ env });
  b = await startTestServer({ env, sharing: a });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe(`two server instances on one ${TEST_DIALECT} database, under load`, () => {
  it(`stores ${LEADS} leads posted to both at once exactly once each`, async () => {
    const leads = Array.from({ length: LEADS }, (_, i) =>
      leadBody({ email: `${randomUUID()}@example.com`, phone: `(737) 555-${String(1000 + i)}` }),
    );
    const statuses: number[][] = [];
    for (let i = 0; i < LEADS; i += AT_ONCE) {
      const batch = await Promise.all(
        leads.slice(i, i + AT_ONCE).map((lead, j) => {
          const headers = { 'x-forwarded-for': `192.0.2.${(i + j) % 250}` };
          return Promise.all([
            postJson(`${a.url}/post-lead`, lead, headers),
            postJson(`${b.url}/post-lead`, lead, headers),
          ]).then((answers) => answers.map((answer) => answer.status).sort());
        }),
      );
      statuses.push(...batch);
    }
    // One instance stored it (201), the other answered the stored lead (200).
    expect(statuses.filter((pair) => pair.join() !== '200,201')).toEqual([]);

    const ids = leads.map((lead) => String(lead.lead_id));
    const stored = await a.db.selectFrom('leads').select('id').where('id', 'in', ids).execute();
    expect(stored).toHaveLength(LEADS);
    const routed = await a.db.selectFrom('lead_routing').select('lead_id').where('lead_id', 'in', ids).execute();
    expect(routed).toHaveLength(LEADS);
    const duplicateJobs = await a.db
      .selectFrom('delivery_jobs')
      .select(['lead_id', 'buyer_key'])
      .groupBy(['lead_id', 'buyer_key'])
      .having(sql`count(*)`, '>', 1)
      .execute();
    expect(duplicateJobs).toEqual([]);
    // Each lead's way to its buyers was written with it, once: its delivery jobs, or its auction (issue 32).
    const jobs = await a.db.selectFrom('delivery_jobs').select('lead_id').where('lead_id', 'in', ids).execute();
    const auctions = await a.db.selectFrom('auctions').select('lead_id').where('lead_id', 'in', ids).execute();
    expect(auctions.length).toBe(new Set(auctions.map((row) => row.lead_id)).size);
    expect(new Set([...jobs, ...auctions].map((row) => row.lead_id)).size).toBe(LEADS);
  }, 120_000);
});
