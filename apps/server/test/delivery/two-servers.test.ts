/**
 * Issue 14 "Proof": two server processes, each running its delivery worker, on one PostgreSQL. Leads
 * posted to both are all delivered and none twice: the buyer sees every idempotency key exactly once.
 * PostgreSQL only (SQLite is one process by design: docs/decisions/0010-delivery-queue.md).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database';
import type { Database } from '../../src/db/schema';
import { leadBody } from '../lead-body';
import { adminQuery, createTestSchema, postJson, TEST_DIALECT } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from './fake-buyer-server';
import { FAST_DELIVERY_ENV, scenarioBuyer, waitFor, writeBuyersFile } from './delivery-helpers';
import { startServerProcess, type ServerProcess } from './server-process';

const LEADS = 200;

describe.runIf(TEST_DIALECT === 'postgres')('two server processes on one PostgreSQL', () => {
  let buyer: FakeBuyerServer;
  let db: Kysely<Database>;
  let servers: ServerProcess[] = [];
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    buyer = await startFakeBuyerServer();
    const schema = await createTestSchema();
    const queue = `${schema.name}_queue`;
    const env = {
      ...FAST_DELIVERY_ENV,
      // What this test proves is that two workers never claim one job. A buyer's answer slower than the
      // fast 500 ms timeout (a loaded machine) is retried with the same idempotency key, which is right
      // (at least once, keyed) but would show here as a second request for the job: once seen in CI.
      DELIVERY_TIMEOUT_MS: '15000',
      DATABASE_URL: schema.url,
      DELIVERY_QUEUE_SCHEMA: queue,
      DELIVERY_CONCURRENCY: '16',
      DELIVERY_ROUTING: 'shared',
      DELIVERY_SHARED_MAX_BUYERS: '2',
      BUYERS_FILE: writeBuyersFile([
        scenarioBuyer('north', buyer.url('north'), { criteria: {}, price: 60 }),
        scenarioBuyer('south', buyer.url('south'), { criteria: {}, price: 50 }),
      ]),
    };
    db = await openDatabase({ dataDir: '', databaseUrl: schema.url });
    // One after the other: both would migrate safely at once, but this keeps the start quick to read.
    servers = [await startServerProcess(env), await startServerProcess(env)];
    cleanup = async () => {
      await db.destroy();
      await schema.drop();
      await adminQuery(`drop schema if exists ${queue} cascade`);
    };
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) await server.stop();
    await buyer?.close();
    await cleanup?.();
  });

  it(`delivers ${LEADS} leads shared with two buyers through both servers, each job once`, async () => {
    const leads = Array.from({ length: LEADS }, (_, i) =>
      leadBody({ email: `${randomUUID()}@example.com`, phone: `(512) 555-${String(1000 + i)}` }),
    );
    // Ten clients at a time, alternating between the servers.
    for (let i = 0; i < LEADS; i += 10) {
      await Promise.all(
        leads.slice(i, i + 10).map(async (lead, j) => {
          const res = await postJson(`${servers[(i + j) % 2]!.url}/post-lead`, lead);
          expect(res.status).toBe(201);
        }),
      );
    }
    const jobs = await waitFor(
      () => db.selectFrom('delivery_jobs').select(['lead_id', 'buyer_key', 'status']).execute(),
      (rows) => rows.length === 2 * LEADS && rows.every((j) => j.status === 'accepted'),
      60_000,
    );
    expect(jobs).toHaveLength(2 * LEADS);
    const keys = buyer.requests.map((r) => r.idempotencyKey);
    expect(keys).toHaveLength(2 * LEADS);
    expect(new Set(keys).size).toBe(2 * LEADS);
    expect(buyer.buyer.leadsOf('north')).toHaveLength(LEADS);
    expect(buyer.buyer.leadsOf('south')).toHaveLength(LEADS);
    // One attempt per job, and both servers' workers made some of them.
    const attempts = await db.selectFrom('delivery_attempts').select(['worker', 'outcome']).execute();
    expect(attempts).toHaveLength(2 * LEADS);
    const workers = new Set(attempts.map((a) => a.worker));
    expect(workers.size).toBe(2);
    const pids = [...workers].map((worker) => Number(worker.split(':').pop())).sort();
    expect(pids).toEqual(servers.map((s) => s.child.pid).sort());
  }, 120_000);
});
