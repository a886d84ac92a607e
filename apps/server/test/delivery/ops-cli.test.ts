/**
 * The operator commands (src/ops-cli.ts) run as an operator runs them, in their own process on the
 * server's database: list the quarantine, replay a body fixed in a file, see a lead's deliveries, pause a
 * buyer. Both databases.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQuarantined } from '../../src/db/quarantine-store';
import { leadBody } from '../lead-body';
import { postJson, startTestServer, TEST_DATABASE_URL, type TestServer } from '../start-test-server';
import { scenarioBuyer, writeBuyersFile } from './delivery-helpers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  const buyersFile = writeBuyersFile([scenarioBuyer('ops-firm', 'http://127.0.0.1:9/unused', { criteria: {} })]);
  server = await startTestServer({ env: { BUYERS_FILE: buyersFile, DELIVERY_WORKER: 'off' } });
  const database: Record<string, string> = server.schema
    ? (() => {
        const url = new URL(TEST_DATABASE_URL);
        url.searchParams.set('options', `-c search_path=${server.schema}`);
        return { DATABASE_URL: url.toString(), DELIVERY_QUEUE_SCHEMA: `${server.schema}_queue` };
      })()
    : { DATA_DIR: path.dirname(server.dbFile ?? '') };
  env = { ...database, BUYERS_FILE: buyersFile, DELIVERY_WORKER: 'off' };
}, 30_000);
afterAll(() => server?.close());

/**
 * The command in its own process, while this one goes on serving (a synchronous spawn would stall the
 * server under test, and with it the commit of writes it has in flight).
 */
function ops(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/ops-cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
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

describe('npm run ops', () => {
  it('lists the quarantine, replays a body fixed in a file, shows the lead’s routing, pauses a buyer', async () => {
    const body = leadBody({ email: 'ana(at)example.com' });
    expect((await postJson(`${server.url}/post-lead`, body)).status).toBe(400);
    const [entry] = await listQuarantined(server.db, { status: 'open', limit: 1 });

    const listed = await ops('quarantine');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(entry!.id);
    expect(listed.out).toContain('email: Please provide a valid email');

    const fixed = path.join(mkdtempSync(path.join(tmpdir(), 'fixed-')), 'lead.json');
    writeFileSync(fixed, JSON.stringify({ ...body, email: 'ana@example.com' }));
    const replayed = await ops('quarantine', 'replay', entry!.id, fixed);
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.out)).toEqual({
      kind: 'stored',
      leadId: body.lead_id,
      created: true,
      changes: [{ field: 'email', old: 'ana(at)example.com', new: 'ana@example.com' }],
    });

    const shown = await ops('jobs', 'lead', String(body.lead_id));
    expect(JSON.parse(shown.out)).toMatchObject({
      routing: { outcome: 'routed' },
      jobs: [{ buyer_key: 'ops-firm', status: 'queued', attempts: [] }],
    });

    expect((await ops('buyers', 'pause', 'ops-firm')).out).toContain('ops-firm: paused');
    const buyer = await server.db
      .selectFrom('buyers')
      .select('active')
      .where('key', '=', 'ops-firm')
      .executeTakeFirst();
    expect(buyer?.active).toBe(0);
    expect(await ops('jobs', 'retry', 'no-such-job')).toMatchObject({ code: 1 });
    expect((await ops('frobnicate')).code).toBe(2);
  }, 120_000);
});
