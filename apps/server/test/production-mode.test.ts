/**
 * Issue 9, item 7 (missing settings fail open): NODE_ENV=production refuses to start with an offline SMS
 * provider, no reCAPTCHA secret, TRUST_PROXY=true or no lookup-key secret, naming each; the start line lists
 * every provider and whether it is on. Issue 30 (a fleet that cannot be misconfigured): NODE_ENV outside
 * development, test and production, production without DATABASE_URL (unless SQLITE_IN_PRODUCTION=on) and a
 * misspelt variable refuse to start, naming it; in development a misspelt variable is printed. The server
 * is started as a real process (src/main.ts through tsx).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { PRODUCTION_ENV } from './production-env';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const COMPLETE = PRODUCTION_ENV;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the server on a data folder of its own; resolves when it exits, or once it printed its start lines
 * (then stops it).
 */
function runServer(env: Record<string, string>): Promise<Run> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-production-'));
  dataDirs.push(dataDir);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      // DRAIN_DELAY_MS 0: these servers are stopped with SIGTERM as soon as they have started (no load balancer).
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DRAIN_DELAY_MS: '0',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // After the start lines (and their warnings, printed at once after them).
      if (stdout.includes('Lookup keys:')) setTimeout(() => child.kill('SIGTERM'), 100);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('production mode (a real server process)', () => {
  it('refuses to start without its settings, naming each one', async () => {
    const run = await runServer({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Funnel is running');
    expect(run.stderr).toContain('Production mode (NODE_ENV=production) refuses to start');
    for (const variable of ['SMS_PROVIDER', 'RECAPTCHA_SECRET', 'TRUST_PROXY', 'LOOKUP_KEY_SECRET']) {
      expect(run.stderr).toContain(`${variable}:`);
    }
  });

  it('starts with them, listing every provider and whether it is on, and no secret', async () => {
    const run = await runServer(COMPLETE);
    expect(run.stdout).toContain('Funnel is running');
    expect(run.stdout).toContain('Mode: production');
    expect(run.stdout).toContain(
      'Services: phone check offline, email check offline, zip lookup offline, text check offline, SMS twilio, alerts log, reCAPTCHA on, bad-words webhook off',
    );
    expect(run.stdout).toContain('proxy hops trusted: 1 hop');
    expect(run.stdout).not.toMatch(/test-token|test-recaptcha-secret|a-lookup-key-secret/);
  });

  it('starts in development with the offline providers, saying so', async () => {
    const run = await runServer({});
    expect(run.stdout).toContain('Mode: development');
    expect(run.stdout).toContain('SMS offline (no SMS sent; codes in the log)');
    expect(run.stdout).toContain('reCAPTCHA off');
  });
});

describe('a setting that is not what the operator meant (issue 30, real server processes)', () => {
  it('refuses NODE_ENV=prod, naming it, instead of starting in development mode', async () => {
    const run = await runServer({ ...COMPLETE, NODE_ENV: 'prod' });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Funnel is running');
    expect(run.stderr).toContain('NODE_ENV: "prod" is not one of development, test, production');
  });

  it('refuses production with DATABASE_ULR instead of starting on a local SQLite file', async () => {
    const run = await runServer({
      ...COMPLETE,
      SQLITE_IN_PRODUCTION: '',
      DATABASE_ULR: 'postgres://fleet@db.internal/funnel',
    });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toContain('Funnel is running');
    expect(run.stderr).toContain('DATABASE_ULR: not a setting of this server, did you mean DATABASE_URL?');
    expect(run.stderr).toContain('DATABASE_URL: required in production');
    expect(run.stderr).toContain('SQLITE_IN_PRODUCTION=on');
    // The value is never echoed (a database URL carries a password).
    expect(run.stderr).not.toContain('db.internal');
  });

  it('refuses a misspelt variable with the product’s prefix in production, and names it in development', async () => {
    const refused = await runServer({ ...COMPLETE, DELIVERY_WORKERS: 'off', LEADPROSPER_CAMPAIGN: '12' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('DELIVERY_WORKERS: not a setting of this server, did you mean DELIVERY_WORKER?');
    expect(refused.stderr).toContain('LEADPROSPER_CAMPAIGN: not a setting of this server');
    const warned = await runServer({ DELIVERY_WORKERS: 'off' });
    expect(warned.stdout).toContain('Funnel is running');
    expect(warned.stderr).toContain(
      'Warning: DELIVERY_WORKERS: not a setting of this server, did you mean DELIVERY_WORKER?',
    );
  });
});

describe('production settings, one at a time', () => {
  it.each([
    ['SMS_PROVIDER', { SMS_PROVIDER: 'offline' }],
    ['RECAPTCHA_SECRET', { RECAPTCHA_SECRET: '' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['LOOKUP_KEY_SECRET', { LOOKUP_KEY_SECRET: '' }],
    ['DATABASE_URL', { SQLITE_IN_PRODUCTION: '' }],
    ['DATABASE_ULR', { DATABASE_ULR: 'postgres://x@y/z' }],
  ])('refuses a missing or unsafe %s alone', (variable, change) => {
    expect(() => loadConfig({ ...COMPLETE, ...change })).toThrow(
      new RegExp(`^Production mode \\(NODE_ENV=production\\) refuses to start: ${variable}: [^;]+$`),
    );
  });

  it.each(['prod', 'Production', 'staging', 'dev'])('refuses NODE_ENV=%s, naming it', (value) => {
    expect(() => loadConfig({ ...COMPLETE, NODE_ENV: value })).toThrow(
      `Invalid environment: NODE_ENV: "${value}" is not one of development, test, production`,
    );
  });

  it('accepts the complete set, and the same gaps outside production', () => {
    expect(loadConfig(COMPLETE).NODE_ENV).toBe('production');
    expect(loadConfig({ ...COMPLETE, SQLITE_IN_PRODUCTION: '', DATABASE_URL: 'postgres://x@y/z' }).production).toBe(
      true,
    );
    expect(loadConfig({}).NODE_ENV).toBe('development');
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });
});
