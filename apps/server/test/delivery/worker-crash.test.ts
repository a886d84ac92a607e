/**
 * Issue 14 "Proof": a server killed with SIGKILL in the middle of deliveries, then started again on the
 * same database: every lead is delivered, and the buyer, which took the leads the first time but whose
 * answers were never read, sees one lead per idempotency key. Run on SQLite and PostgreSQL (TEST_DB):
 * SQLite hands the interrupted jobs out again at start (one process owns the file), PostgreSQL once
 * pg-boss expires the dead worker's entries.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database';
import type { Database } from '../../src/db/schema';
import { leadBody } from '../lead-body';
import { adminQuery, createTestSchema, postJson, TEST_DIALECT } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from './fake-buyer-server';
import { attemptsOf, FAST_DELIVERY_ENV, scenarioBuyer, waitFor, writeBuyersFile } from './delivery-helpers';
import { startServerProcess, type ServerProcess } from './server-process';

const LEADS = 5;
let buyer: FakeBuyerServer;
let env: Record<string, string>;
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  buyer = await startFakeBuyerServer();
  const common = {
    ...FAST_DELIVERY_ENV,
    // Long enough that the first attempts are still waiting on the buyer when the server is killed.
    DELIVERY_TIMEOUT_MS: '5000',
    BUYERS_FILE: writeBuyersFile([scenarioBuyer('crash', buyer.url('crash'), { criteria: {} })]),
  };
  if (TEST_DIALECT === 'postgres') {
    const schema = await createTestSchema();
    const queue = `${schema.name}_queue`;
    env = { ...common, DATABASE_URL: schema.url, DELIVERY_QUEUE_SCHEMA: queue };
    db = await openDatabase({ dataDir: '', databaseUrl: schema.url });
    cleanup = async () => {
      await db.destroy();
      await schema.drop();
      await adminQuery(`drop schema if exists ${queue} cascade`);
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-'));
    env = { ...common, DATA_DIR: dataDir };
    db = await openDatabase({ dataDir });
    cleanup = async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
}, 60_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) await server.kill();
  await buyer?.close();
  await cleanup?.();
});

describe(`a worker killed with SIGKILL mid-delivery (${TEST_DIALECT})`, () => {
  it('delivers every lead after a restart, one lead per idempotency key at the buyer', async () => {
    // The buyer takes each lead but its answer never comes back before the kill.
    buyer.behaviour = () => 'buy-then-hang';
    const first = await startServerProcess(env);
    servers.push(first);
    const ids: string[] = [];
    for (let i = 0; i < LEADS; i++) {
      const lead = leadBody({ email: `${randomUUID()}@example.com`, phone: `(512) 555-01${10 + i}` });
      expect((await postJson(`${first.url}/post-lead`, lead)).status).toBe(201);
      ids.push(String(lead.lead_id));
    }
    await buyer.waitForRequests('crash', LEADS);
    await first.kill();
    const sending = await db.selectFrom('delivery_jobs').select('status').execute();
    expect(sending.map((j) => j.status)).toEqual(Array(LEADS).fill('sending'));

    buyer.behaviour = () => 'buy';
    const second = await startServerProcess(env);
    servers.push(second);
    const jobs = await waitFor(
      () => db.selectFrom('delivery_jobs').selectAll().execute(),
      (rows) => rows.length === LEADS && rows.every((j) => j.status === 'accepted'),
      40_000,
    );
    expect(jobs.map((j) => j.lead_id).sort()).toEqual([...ids].sort());
    for (const job of jobs) {
      expect((await attemptsOf(db, job.id)).map((a) => [a.outcome, a.failure])).toEqual([
        ['failed', 'interrupted'],
        ['accepted', ''],
      ]);
    }
    // Each key was sent twice (before and after the kill) and bought once.
    const keys = buyer.requests.map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(LEADS);
    expect(keys).toHaveLength(2 * LEADS);
    expect(buyer.buyer.leadsOf('crash')).toHaveLength(LEADS);
    await second.stop();
  }, 90_000);
});
