/**
 * Issue 30 (a fleet that cannot be misconfigured), over real HTTP on SQLite and PostgreSQL (TEST_DB), with
 * several app instances on one database:
 * - "a buyers file only ever adds or updates what it names and never deactivates buyers it does not
 *   mention (or does so only by an explicit setting, logged)";
 * - "the database records a fingerprint of the lookup-key secret and refuses an instance that disagrees";
 * - "`not_sent` leads can be re-routed from the console and the `ops` command once buyers are fixed", never
 *   sold twice to one buyer.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotSentListSchema, RerouteSummarySchema } from '@app/funnel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOperator } from '../../src/console/operator-store';
import { hashPassword } from '../../src/console/password-hash';
import { forgetLookupKeyFingerprint } from '../../src/db/lookup-keys';
import { listBuyers } from '../../src/delivery/buyer-store';
import type { Services } from '../../src/services';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, TEST_DATABASE_URL, TEST_DIALECT, type TestServer } from '../start-test-server';
import { startFakeBuyerServer, type FakeBuyerServer } from './fake-buyer-server';
import {
  FAST_DELIVERY_ENV,
  isFinal,
  jobsOf,
  routingOf,
  scenarioBuyer,
  waitFor,
  writeBuyersFile,
} from './delivery-helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SECRET = 'the-fleet-lookup-key-secret-32-chars!';
const OTHER_SECRET = 'another-lookup-key-secret-of-32-chars';
const PASSWORD = 'correct horse battery staple';

let buyer: FakeBuyerServer;
const servers: TestServer[] = [];
beforeAll(async () => {
  buyer = await startFakeBuyerServer();
}, 30_000);
afterAll(async () => {
  // Second instances first: the first owns the database.
  for (const server of servers.reverse()) await server.close();
  await buyer?.close();
});

async function start(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}

let contact = 0;
/** A lead for `firm` (its sub_id), with a contact no other lead of this file has. */
function leadFor(firm: string, overrides: Record<string, unknown> = {}) {
  contact += 1;
  return leadBody({
    sub_id: firm,
    email: `fleet.${contact}.${Date.now()}@example.com`,
    phone: `(512) 555-01${String(contact).padStart(2, '0')}`,
    ...overrides,
  });
}

describe(`a buyers file never deactivates the buyers it does not name (${TEST_DIALECT})`, () => {
  it('another instance’s file adds its own buyers and leaves the fleet’s selling; only the setting deactivates, logged', async () => {
    const fleetFile = writeBuyersFile([scenarioBuyer('fleet-a', buyer.url('fleet-a'))]);
    const first = await start({ env: { ...FAST_DELIVERY_ENV, LOOKUP_KEY_SECRET: SECRET, BUYERS_FILE: fleetFile } });
    // An instance started with another buyers file (a stale deploy, a typo in the path) on the fleet's database.
    const otherFile = writeBuyersFile([scenarioBuyer('fleet-b', buyer.url('fleet-b'))]);
    const logLines: string[] = [];
    const second = await start({
      sharing: first,
      logLines,
      env: { ...FAST_DELIVERY_ENV, LOOKUP_KEY_SECRET: SECRET, BUYERS_FILE: otherFile },
    });
    const stored = new Map((await listBuyers(first.db)).map((b) => [b.config.key, b.config.active]));
    expect(stored.get('fleet-a')).toBe(true);
    expect(stored.get('fleet-b')).toBe(true);
    expect(logLines.join('\n')).toContain('buyers not in the buyers file left as they are');

    // A lead posted to the second instance still goes to the fleet's buyer.
    const lead = leadFor('fleet-a');
    expect((await postJson(`${second.url}/post-lead`, lead)).status).toBe(201);
    const [job] = await waitFor(
      () => jobsOf(first.db, String(lead.lead_id)),
      (jobs) => jobs.length === 1 && isFinal(jobs[0]!.status),
    );
    expect(job).toMatchObject({ buyer_key: 'fleet-a', status: 'accepted' });

    // Only BUYERS_FILE_DEACTIVATES_UNLISTED=on deactivates, each buyer in the log.
    const deactivating: string[] = [];
    await start({
      sharing: first,
      logLines: deactivating,
      env: { LOOKUP_KEY_SECRET: SECRET, BUYERS_FILE: otherFile, BUYERS_FILE_DEACTIVATES_UNLISTED: 'on' },
    });
    const after = new Map((await listBuyers(first.db)).map((b) => [b.config.key, b.config.active]));
    expect(after.get('fleet-a')).toBe(false);
    expect(after.get('fleet-b')).toBe(true);
    const line = deactivating.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.buyer === 'fleet-a');
    expect(line).toMatchObject({ msg: expect.stringContaining('buyer deactivated') });
  }, 60_000);
});

describe(`the lookup-key secret is the fleet's (${TEST_DIALECT})`, () => {
  it('refuses an instance whose secret disagrees with the database’s fingerprint, naming the variable', async () => {
    const first = await start({ env: { LOOKUP_KEY_SECRET: SECRET, DELIVERY_WORKER: 'off' } });
    await expect(start({ sharing: first, env: { LOOKUP_KEY_SECRET: OTHER_SECRET } })).rejects.toThrow(
      /^LOOKUP_KEY_SECRET: differs from the secret this database's lookup keys were made with \(fingerprint [0-9a-f]{12}…, this instance's [0-9a-f]{12}…\)/,
    );
    // Unset outside production: the database's own secret, which differs too.
    await expect(start({ sharing: first, env: {} })).rejects.toThrow(/^LOOKUP_KEY_SECRET: is unset/);
    // The same secret joins; the fingerprint is no form of the secret.
    await start({ sharing: first, env: { LOOKUP_KEY_SECRET: SECRET, DELIVERY_WORKER: 'off' } });
    const rows = await first.db.selectFrom('server_secrets').select(['name', 'value']).execute();
    expect(rows.map((r) => r.value).join(' ')).not.toContain(SECRET);
    // A deliberate change: the fingerprint forgotten (`ops lookup-key forget`), the next start records its own.
    expect(await forgetLookupKeyFingerprint(first.db)).toBe(true);
    await start({ sharing: first, env: { LOOKUP_KEY_SECRET: OTHER_SECRET, DELIVERY_WORKER: 'off' } });
    await expect(start({ sharing: first, env: { LOOKUP_KEY_SECRET: SECRET } })).rejects.toThrow(/^LOOKUP_KEY_SECRET/);
  }, 60_000);
});

describe(`leads not sent for want of a buyer are re-routed once the buyers are fixed (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let services: Services | undefined;
  let session = '';
  let file = '';

  beforeAll(async () => {
    file = writeBuyersFile([
      scenarioBuyer('paused-firm', buyer.url('paused-firm'), { active: false }),
      scenarioBuyer('ops-firm', buyer.url('ops-firm'), { active: false }),
    ]);
    server = await start({
      env: { ...FAST_DELIVERY_ENV, BUYERS_FILE: file },
      exposeServices: (built) => (services = built),
    });
    await addOperator(server.db, {
      email: 'ops@example.com',
      passwordHash: await hashPassword(PASSWORD),
      now: new Date(),
    });
    const res = await fetch(`${server.url}/api/console/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: PASSWORD }),
    });
    session = /console_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  }, 60_000);

  const consoleCall = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/console${route}`, {
      method,
      headers: { cookie: `console_session=${session}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json();
    return { status: res.status, body: json };
  };

  it('from the console: listed, re-routed to the buyer resumed, delivered once, never twice when two re-route at once', async () => {
    const lead = leadFor('paused-firm');
    // An accident in 2020: past Texas's two-year limit (§5), disqualified.
    const disqualified = leadFor('paused-firm', { injury_year: '2020' });
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    expect((await postJson(`${server.url}/post-lead`, disqualified)).status).toBe(201);
    expect(await routingOf(server.db, String(lead.lead_id))).toMatchObject({ outcome: 'not_sent' });

    const listed = NotSentListSchema.parse((await consoleCall('GET', '/not-sent')).body);
    expect(listed.leads.map((l) => l.lead_id)).toContain(lead.lead_id);
    // Held back by a rule (a lawyer already): never offered for re-routing.
    expect(listed.leads.map((l) => l.lead_id)).not.toContain(disqualified.lead_id);

    expect((await consoleCall('POST', '/buyers/paused-firm/resume', {})).status).toBe(200);
    // Two operators press the button at once: the lead is routed once.
    const [a, b] = await Promise.all([
      consoleCall('POST', '/not-sent/reroute', {}),
      consoleCall('POST', '/not-sent/reroute', {}),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const summaries = [a.body, b.body].map((body) => RerouteSummarySchema.parse(body));
    const mine = summaries.flatMap((s) => s.results.filter((r) => r.lead_id === lead.lead_id));
    expect(mine.filter((r) => r.outcome === 'routed')).toEqual([
      { lead_id: lead.lead_id, outcome: 'routed', reason: '', buyers: ['paused-firm'] },
    ]);
    const [job] = await waitFor(
      () => jobsOf(server.db, String(lead.lead_id)),
      (jobs) => jobs.length === 1 && isFinal(jobs[0]!.status),
    );
    expect(job).toMatchObject({ buyer_key: 'paused-firm', status: 'accepted' });
    expect(buyer.requests.filter((r) => r.body.lead_id === lead.lead_id)).toHaveLength(1);
    expect(await routingOf(server.db, String(lead.lead_id))).toMatchObject({ outcome: 'routed' });

    // Again: nothing left to route, nothing sent again.
    const again = RerouteSummarySchema.parse((await consoleCall('POST', '/not-sent/reroute', {})).body);
    expect(again.results.map((r) => r.lead_id)).not.toContain(lead.lead_id);
    expect((await jobsOf(server.db, String(lead.lead_id))).length).toBe(1);
    // The action is recorded with the operator.
    const action = await server.db
      .selectFrom('operator_actions')
      .selectAll()
      .where('action', '=', 'reroute_not_sent')
      .executeTakeFirst();
    expect(action).toMatchObject({ operator_email: 'ops@example.com' });
  }, 60_000);

  it('refuses a bad `since`, naming the field', async () => {
    const res = await consoleCall('POST', '/not-sent/reroute', { since: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_body', fields: [{ field: 'since' }] });
  });

  it('from the ops command, in its own process', async () => {
    const lead = leadFor('ops-firm');
    expect((await postJson(`${server.url}/post-lead`, lead)).status).toBe(201);
    expect(await routingOf(server.db, String(lead.lead_id))).toMatchObject({ outcome: 'not_sent' });
    expect(await services?.delivery.pauseBuyer('ops-firm', false)).toBe(true);
    const run = await ops(server, file, ['leads', 'reroute']);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/[1-9]\d* routed/);
    // The ops process only wrote the job; this server's worker sends it.
    const [job] = await waitFor(
      () => jobsOf(server.db, String(lead.lead_id)),
      (jobs) => jobs.length === 1 && isFinal(jobs[0]!.status),
    );
    expect(job).toMatchObject({ buyer_key: 'ops-firm', status: 'accepted' });
  }, 60_000);
});

/** `ops …` in its own process on the server's database (as an operator runs it), while this one serves. */
function ops(
  server: TestServer,
  buyersFile: string,
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  const database: Record<string, string> = server.schema
    ? (() => {
        const url = new URL(TEST_DATABASE_URL);
        url.searchParams.set('options', `-c search_path=${server.schema}`);
        return { DATABASE_URL: url.toString(), DELIVERY_QUEUE_SCHEMA: `${server.schema}_queue` };
      })()
    : { DATA_DIR: path.dirname(server.dbFile ?? '') };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops-cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...database, BUYERS_FILE: buyersFile, DELIVERY_WORKER: 'off', NODE_ENV: 'test' },
      timeout: 60_000,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
