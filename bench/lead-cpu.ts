/**
 * Issue 15: the project's server CPU per lead, one database at a time, for A/B runs on a shared machine
 * (`npx tsx bench/lead-cpu.ts sqlite|postgres [leads] [concurrency]`, default 800 at 20). Starts the
 * server as bench:api does (apps/server/src/main.ts, delivery worker off, PostgreSQL in a fresh schema
 * with Redis for the per-IP counts), posts 200 warm-up leads, then `leads` bench leads (bench/api/lead-bodies.ts,
 * each a new visitor) from `concurrency` clients, and prints the server process's CPU time (user + system,
 * /proc) per lead. Shorter and steadier than bench:api for comparing two commits: alternate them.
 * With BENCH_CPU_PROF_DIR set, the server also writes a V8 CPU profile (.cpuprofile) into that folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { leadBody, visitorIp } from './api/lead-bodies';
import { projectEnv } from './api/project-env';
import { cpuTimeMs } from './proc-cpu';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [kind = 'sqlite', leadsArg = '800', clientsArg = '20'] = process.argv.slice(2);
if (kind !== 'sqlite' && kind !== 'postgres') throw new Error('the database is sqlite or postgres');
const LEADS = Number(leadsArg);
const CLIENTS = Number(clientsArg);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const tag = Math.random().toString(36).slice(2, 8);
const schema = `bench_cpu_${tag}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'lead-cpu-'));
const port = 40_000 + Math.floor(Math.random() * 20_000);
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...projectEnv(work),
  DATA_DIR: path.join(work, 'data'),
  PORT: String(port),
  HOST: '127.0.0.1',
};
const admin = new pg.Client({ connectionString: DATABASE_URL });
if (kind === 'postgres') {
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  Object.assign(env, {
    DATABASE_URL: url.toString(),
    DELIVERY_QUEUE_SCHEMA: `${schema}_queue`,
    REDIS_URL,
    RATE_LIMIT_KEY_PREFIX: `bench-cpu-${tag}:`,
  });
}

// BENCH_CPU_PROF_DIR=dir: the server writes a V8 CPU profile there when it stops (as bench:api's option).
const profileDir = process.env.BENCH_CPU_PROF_DIR;
const profile = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', profileDir];
const child = spawn('node', [...profile, '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
  cwd: ROOT,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  if (tries > 600) throw new Error('the server did not answer within 60 s');
  if (
    await fetch(`${base}/post-lead`).then(
      () => true,
      () => false,
    )
  )
    break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const cpuMs = () => cpuTimeMs(child.pid);

async function post(n: number): Promise<void> {
  const response = await fetch(`${base}/post-lead`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorIp(n) },
    body: JSON.stringify(leadBody(n)),
  });
  await response.text();
  if (response.status !== 201) throw new Error(`lead ${n} answered ${response.status}`);
}

async function run(count: number, first: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await post(first + next++);
    }),
  );
}

try {
  await run(200, 1_000_000);
  const cpuBefore = cpuMs();
  const start = Date.now();
  await run(LEADS, 2_000_000);
  const seconds = (Date.now() - start) / 1000;
  console.log(
    `${kind}: ${((cpuMs() - cpuBefore) / LEADS).toFixed(2)} CPU ms per lead, ${(LEADS / seconds).toFixed(0)} leads/s ` +
      `(${LEADS} leads, ${CLIENTS} clients, load ${os.loadavg()[0]?.toFixed(2) ?? '?'})`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  if (kind === 'postgres') {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`drop schema if exists ${schema}_queue cascade`);
    await admin.end();
  }
}
