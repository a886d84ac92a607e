/**
 * `npm run operator -- add EMAIL` as an operator runs it, in its own process on the server's database:
 * the password read from standard input (no terminal) or generated and printed once; the account signs
 * in over HTTP; a second add of the same email is refused; disable ends it. Both databases.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestServer, TEST_DATABASE_URL, type TestServer } from '../start-test-server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' } });
  if (server.schema) {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set('options', `-c search_path=${server.schema}`);
    env = { DATABASE_URL: url.toString(), DELIVERY_QUEUE_SCHEMA: `${server.schema}_queue`, DELIVERY_WORKER: 'off' };
  } else {
    env = { DATA_DIR: path.dirname(server.dbFile ?? ''), DELIVERY_WORKER: 'off' };
  }
}, 30_000);
afterAll(() => server?.close());

/**
 * The command in its own process, while this one goes on serving (a synchronous spawn would stall the
 * server under test, and with it the commit of writes it has in flight).
 */
function operator(args: string[], input = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/operator-cli.ts', ...args], {
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
    child.stdin.end(input);
  });
}

const signIn = (email: string, password: string) => postJson(`${server.url}/api/console/sign-in`, { email, password });

describe('npm run operator', () => {
  it('adds an operator with a password from standard input, who can then sign in', async () => {
    const added = await operator(['add', 'Lead.Ops@Example.com'], 'a long enough password\n');
    expect(added).toMatchObject({ code: 0, out: 'lead.ops@example.com: operator added\n' });
    expect(await signIn('lead.ops@example.com', 'a long enough password')).toMatchObject({ status: 200 });
    expect(await operator(['add', 'lead.ops@example.com'], 'another long password\n')).toMatchObject({ code: 1 });
    expect((await operator(['add', 'short@example.com'], 'short\n')).code).toBe(1);
  }, 120_000);

  it('generates a password and prints it once; disable ends the account', async () => {
    const added = await operator(['add', 'gen@example.com', '--generate']);
    expect(added.code).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(added.out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await signIn('gen@example.com', password)).status).toBe(200);
    expect((await operator(['list'])).out).toContain('gen@example.com');
    expect((await operator(['disable', 'gen@example.com'])).code).toBe(0);
    expect((await signIn('gen@example.com', password)).status).toBe(401);
    expect((await operator(['frobnicate', 'x@example.com'])).code).toBe(2);
    expect((await operator(['add', 'not-an-email'])).code).toBe(2);
  }, 120_000);
});
