/**
 * npm run bench:auction (issue 32 "Performance and faults"): the ping-post auction at a steady rate, against
 * its reference, measured in one run on this machine:
 * - the buyers: 10 ping-post fakes on one local HTTP server in this process (bench/auction/fake-bidders.ts),
 *   bid latencies from 20 ms to past the 1.5 s deadline, some declining, one refusing at post now and then;
 *   and 2 direct-post buyers, standing bids;
 * - the floor: a naive auction, a bare async function that pings the same fakes at once (Promise.all, the
 *   same deadline), takes the best offer and posts it, falling to the next on a refusal; no database;
 * - the project on SQLite and on PostgreSQL (+ Redis), each on a fresh database, started as `npm run serve`
 *   starts it with its delivery worker on and its defaults (DELIVERY_POLL_MS, AUCTION_CONCURRENCY).
 * Load: new visitors' leads (bench/api/lead-bodies.ts) posted to POST /post-lead at a steady rate.
 * Measured per lead: from its commit (leads.received_at; the naive one's start) to the winner's post
 * arriving at the fake buyer (the post it accepted).
 *
 * A script that prints figures, not a test: it asserts nothing. Options: --rate N (leads/s, default 50),
 * --duration S (default 20), --no-write (print only).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { writeBenchSection } from './benchmarks-doc';
import { cpuTimeMs, databaseCpuMs, databaseCpuSince } from './proc-cpu';
import { leadBody, visitorIp } from './api/lead-bodies';
import { projectEnv } from './api/project-env';
import { buyersFile, DEADLINE_MS, naiveAuction, startFakeBidders, type FakeBidders } from './auction/fake-bidders';
import { freePort } from '../e2e/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at === -1 ? fallback : Number(args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} takes a positive number`);
  return value;
}
const RATE = option('--rate', 50);
const DURATION = option('--duration', 20);
const WRITE = !args.includes('--no-write');
/** --only naive,sqlite,postgres: run just these (a profile of one server); the section is then not written. */
const ONLY = (() => {
  const at = args.indexOf('--only');
  if (at === -1) return new Set(['naive', 'sqlite', 'postgres']);
  const names = (args[at + 1] ?? '').split(',');
  const bad = names.filter((n) => !['naive', 'sqlite', 'postgres'].includes(n));
  if (bad.length > 0 || names.length === 0) throw new Error('--only takes naive, sqlite, postgres (comma-separated)');
  return new Set(names);
})();
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** After the load, auctions still running get this long to end. */
const DRAIN_MS = 15_000;
const GOAL_MS = DEADLINE_MS + 300;

interface Result {
  name: string;
  posted: number;
  /** Leads with an auction that ended (decided or unsold). */
  completed: number;
  auctionsPerSecond: number;
  sold: number;
  latencies: number[];
  /** The project's: commit → auction decided, and decided → the accepted post at the buyer (sold leads). */
  toDecided: number[];
  toPost: number[];
  /** CPU time per lead of the server process, and of PostgreSQL and Redis, over the load and its drain. */
  serverCpuMs: number;
  databaseCpuMs: number;
  note: string;
}

// ---------------------------------------------------------------------------------------------------
// The project's servers
// ---------------------------------------------------------------------------------------------------

async function startProject(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: Node options for the servers only (a profile: "--cpu-prof --cpu-prof-dir=/tmp/p").
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((a) => a !== '');
  const child = spawn('node', [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The log (warn and worse, on standard output) and errors: the last of them say why a run went wrong.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const keep = (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`server at ${url} did not answer within 60 s:\n${stderr}`);
    try {
      await fetch(`${url}/healthz`);
      return { url, child, stderr: () => stderr };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function stopProject(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface AuctionRow {
  lead_id: string;
  status: string;
  reason: string;
  received_at: string;
  created_at: string;
  decided_at: string | null;
}

const AUCTIONS_QUERY =
  'select a.lead_id, a.status, a.reason, l.received_at, a.created_at, a.decided_at ' +
  'from auctions a join leads l on l.id = a.lead_id';

function schemaUrl(schema: string): string {
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

async function withPg<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------------

/** Calls `fire` RATE times a second for DURATION seconds, on schedule (not waiting for the answers). */
/**
 * Before the measured load, each auction runs this long at the same rate, not counted: a fresh server's first
 * second opens its connections to the buyers and the database and compiles its hot paths, which a server
 * that has been up for a while has done (the goal is about the steady rate).
 */
const WARM_UP_S = 3;

async function steady(fire: (n: number) => Promise<unknown>, seconds = DURATION): Promise<void> {
  const pending: Promise<unknown>[] = [];
  const total = Math.round(RATE * seconds);
  const start = performance.now();
  for (let n = 0; n < total; n++) {
    const wait = start + (n * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(fire(n));
  }
  await Promise.all(pending);
}

let visitor = 1_000_000;

/**
 * Between two runs, the machine settles: what the last run left (its server's exit, the database's
 * after-work) otherwise lands on the next one's first seconds. At least 15 s, then until the load average
 * is under 1.5 or 45 s in all; the load each run started at is printed.
 */
async function settle(): Promise<void> {
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  while ((os.loadavg()[0] ?? 0) >= 1.5 && Date.now() - start < 45_000) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  console.log(`  settled for ${Math.round((Date.now() - start) / 1000)} s, load ${os.loadavg()[0]?.toFixed(2)}`);
}

async function runProject(
  name: string,
  bidders: FakeBidders,
  env: Record<string, string>,
  read: () => Promise<AuctionRow[]>,
  /**
   * PostgreSQL: its WAL so far, the full-page images in it, and the buffers its checkpoints wrote (a checkpoint
   * during a run competes with the commits' WAL flushes for the disk).
   */
  wal?: () => Promise<{ bytes: number; fullPages: number; checkpointBuffers: number }>,
): Promise<Result> {
  const { url, child, stderr } = await startProject(env);
  try {
    // Warm-up: the same rate for WARM_UP_S, then a clean slate at the buyers.
    await steady(() => postLead(url), WARM_UP_S);
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS + 1_000));
    bidders.reset();
    const ids = new Set<string>();
    const refused = new Map<number | string, number>();
    let reposted = 0;
    const walBefore = await wal?.();
    const loadStart = Date.now();
    const serverCpu = cpuTimeMs(child.pid);
    const databaseCpu = databaseCpuMs();
    await steady(async () => {
      const answer = await postLead(url);
      if (answer.posts > 1) reposted++;
      if (answer.status === 200 || answer.status === 201) ids.add(answer.id);
      else refused.set(answer.status, (refused.get(answer.status) ?? 0) + 1);
    });
    // Every auction of the load ended, or the drain time is over.
    const drainEnd = Date.now() + DRAIN_MS;
    let rows: AuctionRow[] = [];
    for (;;) {
      rows = (await read()).filter((r) => ids.has(r.lead_id));
      const open = rows.filter((r) => r.status === 'pending' || r.status === 'pinging').length;
      if ((open === 0 && rows.length === ids.size) || Date.now() > drainEnd) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // The last posts of the auctions decided (and a refusal's next bid) arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const walAfter = await wal?.();
    const perLead = (ms: number) => ms / Math.max(1, ids.size);
    const serverCpuMs = perLead(cpuTimeMs(child.pid) - serverCpu);
    const databaseMs = perLead(databaseCpuSince(databaseCpu));
    const ended = rows.filter((r) => r.decided_at !== null);
    const lastDecided = Math.max(...ended.map((r) => Date.parse(r.decided_at ?? '')));
    const latencies: number[] = [];
    const toDecided: number[] = [];
    const toPost: number[] = [];
    let sold = 0;
    for (const row of rows) {
      const arrived = bidders.soldAt(row.lead_id);
      if (arrived === undefined) continue;
      sold++;
      latencies.push(arrived - Date.parse(row.received_at));
      if (row.decided_at === null) continue;
      toDecided.push(Date.parse(row.decided_at) - Date.parse(row.received_at));
      toPost.push(arrived - Date.parse(row.decided_at));
    }
    const unsold = new Map<string, number>();
    for (const row of rows.filter((r) => r.status === 'unsold')) {
      unsold.set(row.reason, (unsold.get(row.reason) ?? 0) + 1);
    }
    const open = rows.filter((r) => r.status === 'pending' || r.status === 'pinging').length;
    // A server that died during the run says why (its last lines), and the row says it.
    if (child.exitCode !== null) console.error(`  ${name}: the server exited (${child.exitCode}):\n${stderr()}`);
    else if (refused.size > 0 && stderr() !== '') console.error(`  ${name}: the server's last lines:\n${stderr()}`);
    const notes = [
      child.exitCode !== null ? `the server exited (code ${child.exitCode}) during the run` : '',
      reposted > 0 ? `${reposted} leads posted again after a 503 or a lost connection` : '',
      ...[...refused].map(([status, n]) => `${n} leads answered ${status} at last`),
      rows.length < ids.size ? `${ids.size - rows.length} leads without an auction` : '',
      open > 0 ? `${open} auctions still open after the drain` : '',
      ...[...unsold].map(([reason, n]) => `${n} unsold: ${reason}`),
      walBefore && walAfter
        ? `WAL ${fixed((walAfter.bytes - walBefore.bytes) / 1024 / Math.max(1, ids.size), 1)} KB a lead, ${fixed(
            (walAfter.fullPages - walBefore.fullPages) / Math.max(1, ids.size),
            1,
          )} full-page images a lead, ${walAfter.checkpointBuffers - walBefore.checkpointBuffers} buffers written by checkpoints`
        : '',
    ].filter((s) => s !== '');
    return {
      name,
      posted: ids.size,
      completed: ended.length,
      auctionsPerSecond: ended.length / ((lastDecided - loadStart) / 1000),
      sold,
      latencies,
      toDecided,
      toPost,
      serverCpuMs,
      databaseCpuMs: databaseMs,
      note: notes.join('; '),
    };
  } finally {
    await stopProject(child);
  }
}

/**
 * Posts a new visitor's lead as the page does (lead-outbox.ts): a 503 or a lost connection, the same lead
 * again half a second later, up to 5 times. Its id, the last answer's status (or the error's name), and the
 * posts it took.
 */
async function postLead(url: string): Promise<{ id: string; status: number | string; posts: number }> {
  visitor += 1;
  const lead = leadBody(visitor);
  const id = String(lead.lead_id);
  const body = JSON.stringify(lead);
  const ip = visitorIp(visitor);
  let status: number | string = '';
  for (let posts = 1; ; posts++) {
    try {
      const response = await fetch(`${url}/post-lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch (error) {
      // fetch's TypeError carries the system's reason (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET…) as its cause.
      const cause: unknown = error instanceof Error ? error.cause : undefined;
      const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
      status = error instanceof Error ? `${error.name}${code ? ` (${code})` : ''}` : 'error';
    }
    if ((status !== 503 && typeof status === 'number') || posts === 5) return { id, status, posts };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function runNaive(bidders: FakeBidders): Promise<Result> {
  const fire = async () => {
    visitor += 1;
    await naiveAuction(bidders.url, String(leadBody(visitor).lead_id));
  };
  await steady(fire, WARM_UP_S);
  await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS + 1_000));
  bidders.reset();
  const started = new Map<string, number>();
  const ended: number[] = [];
  const loadStart = Date.now();
  await steady(async () => {
    visitor += 1;
    const body = leadBody(visitor);
    const id = String(body.lead_id);
    started.set(id, Date.now());
    await naiveAuction(bidders.url, id);
    ended.push(Date.now());
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const latencies: number[] = [];
  for (const [id, at] of started) {
    const arrived = bidders.soldAt(id);
    if (arrived !== undefined) latencies.push(arrived - at);
  }
  return {
    name: 'naive auction (Promise.all, same deadline, no database)',
    posted: started.size,
    completed: ended.length,
    auctionsPerSecond: ended.length / ((Math.max(...ended) - loadStart) / 1000),
    sold: latencies.length,
    latencies,
    toDecided: [],
    toPost: [],
    serverCpuMs: NaN,
    databaseCpuMs: NaN,
    note: '',
  };
}

// ---------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-auction-'));
  const tag = randomBytes(4).toString('hex');
  const schema = `bench_auction_${tag}`;
  const bidders = await startFakeBidders();
  const file = path.join(work, 'buyers.json');
  writeFileSync(file, JSON.stringify(buyersFile(bidders.url)));
  await withPg(DATABASE_URL, (client) => client.query(`create schema ${schema}`));
  const loadAtStart = os.loadavg();
  const common = { ...projectEnv(work), DELIVERY_WORKER: 'on', BUYERS_FILE: file, LOG_LEVEL: 'warn' };
  const results: Result[] = [];
  try {
    console.log(`bench:auction: ${RATE} leads/s for ${DURATION} s, load ${os.loadavg()[0]?.toFixed(2)}`);
    if (ONLY.has('naive')) {
      results.push(await runNaive(bidders));
      console.log(`  ${results.at(-1)?.name} done`);
    }

    const dataDir = path.join(work, 'sqlite');
    const sqliteFile = path.join(dataDir, 'funnel.sqlite');
    if (ONLY.has('sqlite')) {
      await settle();
      results.push(
        await runProject('this project, SQLite', bidders, { ...common, DATA_DIR: dataDir }, () => {
          const db = new SqliteDatabase(sqliteFile, { readonly: true });
          try {
            return Promise.resolve(db.prepare<[], AuctionRow>(AUCTIONS_QUERY).all());
          } finally {
            db.close();
          }
        }),
      );
      console.log(`  ${results.at(-1)?.name} done`);
    }

    const url = schemaUrl(schema);
    if (ONLY.has('postgres')) {
      await settle();
      results.push(
        await runProject(
          'this project, PostgreSQL (+ Redis)',
          bidders,
          {
            ...common,
            DATA_DIR: path.join(work, 'pg'),
            DATABASE_URL: url,
            DELIVERY_QUEUE_SCHEMA: `${schema}_queue`,
            REDIS_URL,
            RATE_LIMIT_KEY_PREFIX: `bench-auction-${tag}:`,
          },
          () => withPg(url, async (client) => (await client.query<AuctionRow>(AUCTIONS_QUERY)).rows),
          () =>
            withPg(url, async (client) => {
              const { rows } = await client.query<{ bytes: string; fpi: string; ckpt: string }>(
                'select wal_bytes as bytes, wal_fpi as fpi, (select buffers_checkpoint from pg_stat_bgwriter) as ckpt from pg_stat_wal',
              );
              const row = rows[0];
              return { bytes: Number(row?.bytes), fullPages: Number(row?.fpi), checkpointBuffers: Number(row?.ckpt) };
            }),
        ),
      );
      console.log(`  ${results.at(-1)?.name} done`);
    }
    const loadAtEnd = os.loadavg();

    const floor = results.find((r) => r.name.startsWith('naive'));
    const lines = [
      SECTION_HEADING,
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'},`,
      `Node ${process.version}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start,`,
      `${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end (the 2 cores are shared with other processes: read the`,
      'figures against the naive auction measured in the same run).',
      '',
      `${RATE} leads/s for ${DURATION} s through POST /post-lead (new visitors, ~2 KB /survey leads), one run per`,
      `server, after ${WARM_UP_S} s at the same rate not counted (a fresh server opens its connections). Buyers`,
      'on one local HTTP server in the bench process: 10 ping-post fakes answering in 20, 50, 100,',
      `200, 400, 700, 1000 and 1300 ms and two past the ${DEADLINE_MS} ms deadline (2000, 2500 ms), ±10%; two of`,
      'them decline 40% of pings; the 700 ms one bids highest and refuses 30% of its posts; 2 direct-post buyers',
      "at $25 and $15 as standing bids. Latency: from the lead's commit (leads.received_at; the naive run: the",
      "auction's start) to the accepted post arriving at the buyer. Each project server on a fresh database,",
      'its defaults (DELIVERY_POLL_MS 1000, AUCTION_CONCURRENCY 300, exclusive routing), delivery worker on.',
      '`npm run bench:auction` (bench/auction.ts) writes this section.',
      '',
      ...table(
        [
          'auction',
          'leads',
          'auctions/s completed',
          'p50',
          'p99',
          `p99 within ${GOAL_MS} ms`,
          'p99 vs naive',
          'sold',
          'notes',
        ],
        results.map((r) => {
          const p99 = percentile(r.latencies, 99);
          const floorP99 = floor ? percentile(floor.latencies, 99) : NaN;
          return [
            r.name,
            String(r.posted),
            fixed(r.auctionsPerSecond, 1),
            `${fixed(percentile(r.latencies, 50))} ms`,
            `${fixed(p99)} ms`,
            p99 <= GOAL_MS ? 'yes' : 'no',
            r === floor ? '' : `+${fixed(p99 - floorP99)} ms`,
            `${fixed((100 * r.sold) / Math.max(1, r.posted), 1)}%`,
            r.note,
          ];
        }),
      ),
      '',
      "Where a sold lead's time goes (the project's servers): from its commit to the auction's decision (the",
      "wait for a free auction slot, the eligibility reads, the pings up to the deadline, the decision's",
      'transaction), then from the decision to the accepted post at the buyer (the delivery worker taking the',
      "job, the post, and a refused post falling to the next bid). CPU: the server process's, and PostgreSQL's",
      "and Redis's processes' (SQLite's work is the server's), from the load's start to its drain, per lead",
      '(on a shared machine the database figure includes whatever else uses them).',
      '',
      ...table(
        [
          'auction',
          'commit → decided p50',
          'p99',
          'decided → sold p50',
          'p99',
          'server CPU per lead',
          'PostgreSQL + Redis CPU per lead',
        ],
        results
          .filter((r) => r.toDecided.length > 0)
          .map((r) => [
            r.name,
            `${fixed(percentile(r.toDecided, 50))} ms`,
            `${fixed(percentile(r.toDecided, 99))} ms`,
            `${fixed(percentile(r.toPost, 50))} ms`,
            `${fixed(percentile(r.toPost, 99))} ms`,
            `${fixed(r.serverCpuMs, 1)} ms`,
            `${fixed(r.databaseCpuMs, 1)} ms`,
          ]),
      ),
    ];
    const report = lines.join('\n');
    console.log(`\n${report}\n`);
    if (WRITE && ONLY.size === 3) {
      await writeBenchSection(path.join(ROOT, 'docs/benchmarks.md'), SECTION_HEADING, report);
      console.log('written to docs/benchmarks.md');
    }
  } finally {
    await bidders.close();
    await withPg(DATABASE_URL, async (client) => {
      for (const name of [schema, `${schema}_queue`]) await client.query(`drop schema if exists ${name} cascade`);
    });
    rmSync(work, { recursive: true, force: true });
  }
}

const SECTION_HEADING = '## Ping-post auction (`npm run bench:auction`) — issue 32';

await main();
