/**
 * npm run bench:api (issue 15): lead intake throughput against its references, measured in one run,
 * alternating, on this machine:
 * - the ceiling: a bare Fastify route that parses the body and answers 204 (bench/api/bare-server.ts);
 * - the floors: a naive durable server, Fastify + better-sqlite3 (WAL, synchronous=FULL) and Fastify + a
 *   pg pool of 10, one commit per lead, minimal checks (bench/api/naive-*-server.ts);
 * - the project on SQLite (counters in the database) and on PostgreSQL (rate-limit counters in Redis, as
 *   several instances run), started as `npm run serve` starts it, delivery worker off (deliveries are
 *   issue 14's bench), LOG_LEVEL=info as in production.
 * Load: autocannon, 50 connections, realistic 2 KB leads built by bench/api/lead-bodies.ts, a new visitor
 * each (address, email, phone), 5% re-posts of a lead already sent. Then the same servers at a steady
 * 1000 req/s (p99 against the bare route's at that rate), the other endpoints the page calls
 * (/api/save-data, /api/validate/{email,phone,text}), and a sustained run of the project on each database
 * with its peak RSS (VmHWM).
 *
 * A script that prints figures, not a test: it asserts nothing. Options: --duration S (each measurement,
 * default 5), --rounds N (default 2), --sustain S (default 10; 300 for the issue's 5 minutes),
 * --connections N (default 50), --no-write (print only). BENCH_CPU_PROF_DIR=dir: a CPU profile of each project server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { writeBenchSection } from './benchmarks-doc';
import { cpuTimeMs } from './proc-cpu';
import { leadBody, visitorIp } from './api/lead-bodies';
import { projectEnv as projectServerEnv } from './api/project-env';
import { freePort } from '../e2e/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const at = args.indexOf(name);
  const value = at === -1 ? fallback : Number(args[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} takes a positive number`);
  return value;
}
const DURATION = option('--duration', 5);
const ROUNDS = option('--rounds', 2);
const SUSTAIN = option('--sustain', 10);
const CONNECTIONS = option('--connections', 50);
const WRITE = !args.includes('--no-write');
const STEADY_RATE = 1000;
const REPOST_SHARE = 0.05;
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Server {
  name: string;
  kind: 'bare' | 'naive' | 'project';
  db: 'sqlite' | 'postgres' | null;
  url: string;
  child: ChildProcess;
}

interface Measure {
  /** The server process's CPU time per answered request (user + system), in ms: steadier than req/s on a shared machine. */
  cpuMs: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
}

// ---------------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------------

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`server at ${url} did not answer within 60 s:\n${output()}`);
}

async function startServer(
  name: string,
  kind: Server['kind'],
  db: Server['db'],
  script: string,
  env: Record<string, string>,
): Promise<Server> {
  const port = await freePort();
  // BENCH_CPU_PROF_DIR: a V8 CPU profile of each project server, written when it stops (node --cpu-prof).
  const profile =
    kind === 'project' && process.env.BENCH_CPU_PROF_DIR
      ? ['--cpu-prof', '--cpu-prof-dir', path.join(process.env.BENCH_CPU_PROF_DIR, db ?? 'none')]
      : [];
  const child = spawn('node', [...profile, '--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/post-lead`, child, () => stderr);
  return { name, kind, db, url, child };
}

/** Peak resident set of a process (Linux VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

function currentRssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

async function withPgAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function schemaUrl(schema: string): string {
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------------

let visitor = 0;
const recent: { body: string; ip: string }[] = [];

/** A new visitor's lead, or (5%) a re-post of one already sent, as the page retries with its lead id. */
function nextLead(): { body: string; ip: string } {
  if (recent.length > 0 && Math.random() < REPOST_SHARE) {
    const again = recent[Math.floor(Math.random() * recent.length)];
    if (again) return again;
  }
  visitor += 1;
  const lead = { body: JSON.stringify(leadBody(visitor)), ip: visitorIp(visitor) };
  if (recent.length < 1000) recent.push(lead);
  else recent[visitor % 1000] = lead;
  return lead;
}

type BodyMaker = () => { body: string; ip: string };

const ENDPOINTS: Record<string, { path: string; make: BodyMaker }> = {
  'POST /post-lead': { path: '/post-lead', make: nextLead },
  'POST /api/save-data': {
    path: '/api/save-data',
    make: () => {
      visitor += 1;
      const data = [
        { step: 'AtFault', answer: 'no', at: Date.now() },
        { step: 'WasUserInjured', answer: 'Yes' },
      ];
      return { body: JSON.stringify({ session: `s-${visitor}`, data }), ip: visitorIp(visitor) };
    },
  },
  'POST /api/validate/email': {
    path: '/api/validate/email',
    make: () => {
      visitor += 1;
      return {
        body: JSON.stringify({
          email: `visitor.${visitor}@${['gmail.com', 'yahoo.com', 'hotmail.com'][visitor % 3] ?? ''}`,
        }),
        ip: visitorIp(visitor),
      };
    },
  },
  'POST /api/validate/phone': {
    path: '/api/validate/phone',
    make: () => {
      visitor += 1;
      const phone = `512${200 + (visitor % 800)}${String(visitor % 10_000).padStart(4, '0')}`;
      return { body: JSON.stringify({ phone, landing_path: '/survey' }), ip: visitorIp(visitor) };
    },
  },
  'POST /api/validate/text': {
    path: '/api/validate/text',
    make: () => {
      visitor += 1;
      const text = `A truck ran the red light on the ${visitor % 90}th street and hit my car on the driver side`;
      return { body: JSON.stringify({ text }), ip: visitorIp(visitor) };
    },
  },
};

async function measure(
  server: Server,
  endpoint: string,
  options: { duration: number; rate?: number },
): Promise<Measure> {
  const target = ENDPOINTS[endpoint];
  if (!target) throw new Error(`no endpoint ${endpoint}`);
  const cpuBefore = cpuTimeMs(server.child.pid);
  const result = await autocannon({
    url: `${server.url}${target.path}`,
    connections: CONNECTIONS,
    duration: options.duration,
    ...(options.rate ? { overallRate: options.rate } : {}),
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { body, ip } = target.make();
          return {
            ...request,
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          };
        },
      },
    ],
  });
  return {
    cpuMs: (cpuTimeMs(server.child.pid) - cpuBefore) / Math.max(1, result.requests.total),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// ---------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

function summarize(measures: Measure[]): Measure {
  return {
    cpuMs: median(measures.map((m) => m.cpuMs)),
    rps: median(measures.map((m) => m.rps)),
    p50: median(measures.map((m) => m.p50)),
    p99: median(measures.map((m) => m.p99)),
    ok: measures.reduce((n, m) => n + m.ok, 0),
    other: measures.reduce((n, m) => n + m.other, 0),
    errors: measures.reduce((n, m) => n + m.errors, 0),
  };
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const ratio = (value: number, base: number | undefined) =>
  base === undefined || !Number.isFinite(value / base) ? '' : `${(value / base).toFixed(2)}x`;

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
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const tag = randomBytes(4).toString('hex');
  const schemas = { naive: `bench_naive_${tag}`, project: `bench_project_${tag}` };
  await withPgAdmin(async (client) => {
    for (const schema of Object.values(schemas)) await client.query(`create schema ${schema}`);
  });
  const projectEnv = projectServerEnv(work);
  const servers: Server[] = [];
  const loadAtStart = os.loadavg();
  try {
    servers.push(await startServer('bare Fastify route, parse + 204', 'bare', null, 'bench/api/bare-server.ts', {}));
    servers.push(
      await startServer(
        'naive durable, SQLite (one commit per lead)',
        'naive',
        'sqlite',
        'bench/api/naive-sqlite-server.ts',
        {
          DATA_DIR: path.join(work, 'naive'),
        },
      ),
    );
    servers.push(
      await startServer(
        'naive durable, PostgreSQL (pool 10, one commit per lead)',
        'naive',
        'postgres',
        'bench/api/naive-postgres-server.ts',
        {
          DATABASE_URL: schemaUrl(schemas.naive),
        },
      ),
    );
    servers.push(
      await startServer('this project, SQLite', 'project', 'sqlite', 'apps/server/src/main.ts', {
        ...projectEnv,
        DATA_DIR: path.join(work, 'project'),
      }),
    );
    servers.push(
      await startServer('this project, PostgreSQL (+ Redis)', 'project', 'postgres', 'apps/server/src/main.ts', {
        ...projectEnv,
        DATA_DIR: path.join(work, 'project-pg'),
        DATABASE_URL: schemaUrl(schemas.project),
        DELIVERY_QUEUE_SCHEMA: `${schemas.project}_queue`,
        REDIS_URL,
        RATE_LIMIT_KEY_PREFIX: `bench-${tag}:`,
      }),
    );
    // The project answers a bench lead 201 and qualified: the load measures the intake, not a refusal.
    for (const server of servers.filter((s) => s.kind === 'project')) {
      const response = await fetch(`${server.url}/post-lead`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.255.255.254' },
        body: JSON.stringify(leadBody(0)),
      });
      const text = await response.text();
      if (response.status !== 201 || !text.includes('"lead_is_qualified":"yes"')) {
        throw new Error(`${server.name} answered the bench lead ${response.status} ${text}`);
      }
    }
    // Warm-up: the JIT and the caches, a second per server.
    for (const server of servers) await measure(server, 'POST /post-lead', { duration: 1 });

    console.log(
      `bench:api: ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections, load ${os.loadavg()[0]?.toFixed(2)}`,
    );
    const leads = new Map<Server, Measure[]>();
    const steady = new Map<Server, Measure[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const server of servers) {
        const m = await measure(server, 'POST /post-lead', { duration: DURATION });
        leads.set(server, [...(leads.get(server) ?? []), m]);
        console.log(
          `  round ${round} ${server.name}: ${fixed(m.rps)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, non-2xx ${m.other}, errors ${m.errors}`,
        );
      }
      for (const server of servers) {
        const m = await measure(server, 'POST /post-lead', { duration: DURATION, rate: STEADY_RATE });
        steady.set(server, [...(steady.get(server) ?? []), m]);
        console.log(`  round ${round} ${server.name} at ${STEADY_RATE}/s: p50 ${m.p50} ms, p99 ${m.p99} ms`);
      }
    }

    const others = new Map<string, Map<Server, Measure>>();
    const otherTargets = servers.filter((s) => s.kind !== 'naive');
    for (const endpoint of Object.keys(ENDPOINTS).filter((e) => e !== 'POST /post-lead')) {
      const row = new Map<Server, Measure>();
      for (const server of otherTargets) row.set(server, await measure(server, endpoint, { duration: DURATION }));
      others.set(endpoint, row);
      console.log(`  ${endpoint} done`);
    }

    const sustained = new Map<Server, { measure: Measure; peakMb: number; endMb: number }>();
    for (const server of servers.filter((s) => s.kind === 'project')) {
      const m = await measure(server, 'POST /post-lead', { duration: SUSTAIN });
      sustained.set(server, { measure: m, peakMb: peakRssMb(server.child.pid), endMb: currentRssMb(server.child.pid) });
      console.log(`  sustained ${SUSTAIN} s ${server.name}: ${fixed(m.rps)} req/s`);
    }
    const loadAtEnd = os.loadavg();

    const bare = servers.find((s) => s.kind === 'bare');
    const floorOf = (db: Server['db']) => servers.find((s) => s.kind === 'naive' && s.db === db);
    const summary = new Map(servers.map((s) => [s, summarize(leads.get(s) ?? [])]));
    const steadySummary = new Map(servers.map((s) => [s, summarize(steady.get(s) ?? [])]));
    const bareRps = bare ? summary.get(bare)?.rps : undefined;
    const bareSteadyP99 = bare ? steadySummary.get(bare)?.p99 : undefined;

    const lines: string[] = [
      SECTION_HEADING,
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'},`,
      `Node ${process.version}; load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start,`,
      `${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end (the machine is shared: read the ratios, measured in the same run).`,
      '',
      `autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per server, alternating (medians of the rounds);`,
      'realistic ~2 KB leads of the /survey walk, a new visitor each (address, email, phone), 5% re-posts of a',
      'lead already sent. SQLite: WAL, synchronous=FULL, in a temp folder; PostgreSQL on 127.0.0.1',
      '(synchronous_commit=on); the project on PostgreSQL counts its per-IP limits in Redis. Delivery worker',
      'off (deliveries have their own bench). `npm run bench:api` (bench/api.ts) writes this section.',
      '',
      '### POST /post-lead at full load',
      '',
      ...table(
        ['server', 'req/s', 'p50', 'p99', 'vs floor (same DB)', 'vs bare', 'CPU ms / request', 'non-2xx', 'errors'],
        servers.map((s) => {
          const m = summary.get(s);
          const floor = s.kind === 'project' ? summary.get(floorOf(s.db) ?? s)?.rps : undefined;
          return [
            s.name,
            fixed(m?.rps ?? NaN),
            `${m?.p50 ?? '–'} ms`,
            `${m?.p99 ?? '–'} ms`,
            ratio(m?.rps ?? NaN, floor),
            ratio(m?.rps ?? NaN, bareRps),
            fixed(m?.cpuMs ?? NaN, 2),
            String(m?.other ?? ''),
            String(m?.errors ?? ''),
          ];
        }),
      ),
      '',
      `### POST /post-lead at a steady ${STEADY_RATE} req/s`,
      '',
      ...table(
        ['server', 'p50', 'p99', 'p99 vs bare'],
        servers.map((s) => {
          const m = steadySummary.get(s);
          return [s.name, `${m?.p50 ?? '–'} ms`, `${m?.p99 ?? '–'} ms`, ratio(m?.p99 ?? NaN, bareSteadyP99)];
        }),
      ),
      '',
      "### The page's other calls at full load (one round)",
      '',
      ...table(
        ['endpoint', ...otherTargets.map((s) => `${s.name}: req/s, p99`)],
        [...others.entries()].map(([endpoint, row]) => [
          endpoint,
          ...otherTargets.map((s) => {
            const m = row.get(s);
            return m ? `${fixed(m.rps)}, ${m.p99} ms${m.other ? ` (${m.other} non-2xx)` : ''}` : '';
          }),
        ]),
      ),
      '',
      `### Memory over a sustained ${SUSTAIN} s run at full load`,
      '',
      ...table(
        ['server', 'req/s', 'peak RSS (whole run)', 'RSS at the end', 'leads answered 2xx'],
        [...sustained.entries()].map(([s, v]) => [
          s.name,
          fixed(v.measure.rps),
          `${fixed(v.peakMb)} MB`,
          `${fixed(v.endMb)} MB`,
          String(v.measure.ok),
        ]),
      ),
    ];
    const report = lines.join('\n');
    console.log(`\n${report}\n`);
    if (WRITE) {
      await writeBenchSection(path.join(ROOT, 'docs/benchmarks.md'), SECTION_HEADING, report);
      console.log('written to docs/benchmarks.md');
    }
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await withPgAdmin(async (client) => {
      for (const schema of [...Object.values(schemas), `${schemas.project}_queue`]) {
        await client.query(`drop schema if exists ${schema} cascade`);
      }
    });
    rmSync(work, { recursive: true, force: true });
  }
}

const SECTION_HEADING = '## Lead intake (`npm run bench:api`) — issue 15';

await main();
