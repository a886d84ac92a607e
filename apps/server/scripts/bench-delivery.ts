/**
 * `npm run bench:delivery`: leads delivered per second to a local fake buyer (issue 14 goal: at least
 * 500/s), on SQLite and on PostgreSQL, with two references measured in the same run:
 * - ceiling: the same number of bare HTTP posts to the same fake buyer at the same concurrency, no
 *   database (what the network path and the buyer allow here);
 * - floor: a naive durable worker on the same database: take the next due job, post it, record it, one
 *   job and one commit at a time.
 * The project's worker is the real one (claims, leases, attempts, outcomes, pg-boss on PostgreSQL). Leads
 * and their jobs are written first (the intake's cost is issue 15's benchmark), then the clock runs from
 * the worker's start until every job is accepted. Figures vary on a shared machine: read the ratios.
 *
 *   npm run bench:delivery                        # 5000 leads per run
 *   BENCH_LEADS=20000 npm run bench:delivery
 *   TEST_DATABASE_URL=postgres://… npm run bench:delivery
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildLeadRecord, BuyerConfigSchema, LeadSubmissionSchema } from '@app/funnel';
import { type Kysely } from 'kysely';
import pg from 'pg';
import { storeLead } from '../src/db/lead-store';
import { createLookupKeys } from '../src/db/lookup-keys';
import { leadBody } from '../test/lead-body';
import { openDatabase } from '../src/db/open-database';
import type { Database } from '../src/db/schema';
import { loadDeliveryConfig } from '../src/delivery/delivery-config';
import { createDeliveryRuntime } from '../src/delivery/delivery-runtime';
import { routeLead } from '../src/delivery/route-lead';
import { vendorRequest } from '../src/providers/vendor-request';
import type { DbDialect } from '../src/db/db-dialect';

const LEADS = Number(process.env.BENCH_LEADS ?? 5000);
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = loadDeliveryConfig({}).concurrency;

async function startFakeBuyer(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bench-fake-buyer.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}/bench-firm`, stop: () => child.stdin.end() };
}

interface Target {
  dialect: DbDialect;
  open: () => Promise<{ db: Kysely<Database>; queueSchema: string; close: () => Promise<void> }>;
}

const sqlite: Target = {
  dialect: 'sqlite',
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-delivery-'));
    const db = await openDatabase({ dataDir: dir });
    return {
      db,
      queueSchema: 'unused',
      close: async () => {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: Target = {
  dialect: 'postgres',
  async open() {
    const name = `bench_${randomUUID().slice(0, 8)}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await admin(`create schema ${name}`);
    const url = new URL(DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${name}`);
    const db = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
    return {
      db,
      queueSchema: `${name}_queue`,
      close: async () => {
        await db.destroy();
        await admin(`drop schema ${name} cascade`);
        await admin(`drop schema if exists ${name}_queue cascade`);
      },
    };
  },
};

function submission(i: number) {
  return LeadSubmissionSchema.parse(
    leadBody({
      email: `bench-${i}@example.com`,
      phone: `512${200 + Math.floor(i / 10_000)}${String(i % 10_000).padStart(4, '0')}`,
    }),
  );
}

/** Contact claims are keyed like the server's (db/lookup-keys.ts), with a secret of the run's own. */
const BENCH_KEYS = createLookupKeys(randomBytes(32).toString('hex'));

const place = { zip: '78701', city: 'Austin', state: 'TX', state_long: 'Texas', county: 'Travis' };

/** Leads and their queued jobs, written as the intake writes them (one transaction per lead). */
async function seed(db: Kysely<Database>, runtime: Awaited<ReturnType<typeof createDeliveryRuntime>>) {
  const buyers = await runtime.buyers.all();
  const now = new Date();
  for (let i = 0; i < LEADS; i += 250) {
    await db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(LEADS, i + 250); j++) {
        const sub = submission(j);
        const lead = buildLeadRecord(
          sub,
          {
            receivedAt: now,
            place,
            ipAddress: '127.0.0.1',
            userAgent: 'bench',
            secGpc: false,
            isGibberish: 'no',
            suppressed: false,
            contactChecks: { phone: 'passed', phoneReason: '', email: 'passed', emailReason: '' },
            consentFor: () => ({ version: 'bench', text: sub.tcpa }),
          },
          'post-lead',
        );
        await storeLead(trx, sub, lead);
        await routeLead(trx, {
          leadId: lead.lead_id,
          source: 'lead',
          lead,
          buyers,
          settings: runtime.routing,
          queue: runtime.queue,
          keys: BENCH_KEYS,
          now,
        });
      }
    });
  }
}

async function accepted(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('delivery_jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function project(target: Target, buyerUrl: string): Promise<number> {
  const { db, queueSchema, close } = await target.open();
  const config = loadDeliveryConfig({ DELIVERY_QUEUE_SCHEMA: queueSchema, DELIVERY_POLL_MS: '50' });
  const buyer = BuyerConfigSchema.parse({
    key: 'bench-firm',
    name: 'Bench Firm',
    ids: ['1'],
    price: 50,
    target: { kind: 'http', url: buyerUrl, answer: { kind: 'json-field', field: 'status', accepted: ['ACCEPTED'] } },
  });
  const runtime = await createDeliveryRuntime({
    db,
    dialect: target.dialect,
    config,
    fileBuyers: [buyer],
    env: {},
    production: false,
    now: () => new Date(),
    keys: BENCH_KEYS,
    log: {
      error: (details, message) => console.error(message, details),
      warn: (details, message) => console.warn(message, details),
      info: () => undefined,
    },
  });
  await seed(db, runtime);
  const started = performance.now();
  runtime.startWorker('http://127.0.0.1:1');
  while ((await accepted(db)) < LEADS) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - started) / 1000;
  await runtime.stop();
  await close();
  return LEADS / seconds;
}

/** One job and one commit at a time: the simplest durable worker on the same tables. */
async function naive(target: Target, buyerUrl: string): Promise<number> {
  const { db, close } = await target.open();
  const rows = Array.from({ length: LEADS }, (_, i) => ({
    id: randomUUID(),
    lead_id: `naive-${i}`,
    lead_source: 'lead' as const,
    buyer_key: 'bench-firm',
    status: 'queued' as const,
    price_cents: 5000,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    next_attempt_at: new Date().toISOString(),
    deadline_at: new Date(Date.now() + 86_400_000).toISOString(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('delivery_jobs')
      .values(rows.slice(i, i + 500))
      .execute();
  const started = performance.now();
  for (;;) {
    const job = await db
      .selectFrom('delivery_jobs')
      .select(['id', 'lead_id'])
      .where('status', '=', 'queued')
      .limit(1)
      .executeTakeFirst();
    if (!job) break;
    const result = await vendorRequest({
      url: new URL(buyerUrl),
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': job.id },
      body: JSON.stringify({ lead_id: job.lead_id, phone: job.id, email: job.id }),
      timeoutMs: 10_000,
    });
    await db
      .updateTable('delivery_jobs')
      .set({ status: result.ok ? 'accepted' : 'retrying', updated_at: new Date().toISOString() })
      .where('id', '=', job.id)
      .execute();
  }
  const rate = LEADS / ((performance.now() - started) / 1000);
  await close();
  return rate;
}

/** Bare posts, no database, at the worker's concurrency. */
async function bare(buyerUrl: string): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < LEADS) {
        const i = next++;
        await vendorRequest({
          url: new URL(buyerUrl),
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `bare-${i}` },
          body: JSON.stringify({ lead_id: `bare-${i}`, phone: `bare-${i}`, email: `bare-${i}` }),
          timeoutMs: 10_000,
        });
      }
    }),
  );
  return LEADS / ((performance.now() - started) / 1000);
}

const fmt = (n: number) => n.toFixed(0).padStart(8);

async function main() {
  const buyer = await startFakeBuyer();
  try {
    console.log(`Delivery to a local fake buyer: ${LEADS} leads per run, worker concurrency ${CONCURRENCY}\n`);
    const ceiling = await bare(buyer.url.replace('bench-firm', 'bare'));
    const results: [string, number, number][] = [];
    // BENCH_ONLY=sqlite or postgres runs one database (for profiling).
    for (const target of [sqlite, postgres].filter((t) => (process.env.BENCH_ONLY ?? t.dialect) === t.dialect)) {
      const floor = await naive(target, buyer.url.replace('bench-firm', `naive-${target.dialect}`));
      const ours = await project(target, buyer.url.replace('bench-firm', `project-${target.dialect}`));
      results.push([target.dialect, floor, ours]);
    }
    const row = (name: string, rate: number, floor: string, ceilingRatio: string) =>
      console.log(`| ${name.padEnd(46)} | ${fmt(rate)} | ${floor.padStart(8)} | ${ceilingRatio.padStart(10)} |`);
    console.log(`| ${'run'.padEnd(46)} | leads/s  | vs floor | vs ceiling |`);
    console.log(`| ${'-'.repeat(46)} | -------- | -------- | ---------- |`);
    row('ceiling: bare HTTP posts, no database', ceiling, '', '1.00x');
    for (const [dialect, floor, ours] of results) {
      const name = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
      row(`floor: naive worker, ${name}, one at a time`, floor, '1.00x', `${(floor / ceiling).toFixed(2)}x`);
      row(`project worker, ${name}`, ours, `${(ours / floor).toFixed(2)}x`, `${(ours / ceiling).toFixed(2)}x`);
    }
    const worst = Math.min(...results.map(([, , ours]) => ours));
    console.log(`\nGoal ≥ 500 leads/s: ${worst >= 500 ? 'met' : 'NOT met'} (slowest database: ${worst.toFixed(0)}/s)`);
  } finally {
    buyer.stop();
  }
}

await main();
