/**
 * Issue 9, item 7 (missing settings fail open): NODE_ENV=production refuses to start with an offline SMS
 * provider, no reCAPTCHA secret, TRUST_PROXY=true or no lookup-key secret, naming each; the start line lists
 * every provider and whether it is on. The server is started as a real process (src/main.ts through tsx).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'funnel-production-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const COMPLETE = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'test-token',
  TWILIO_VERIFY_SERVICE_SID: `VA${'0'.repeat(32)}`,
  RECAPTCHA_SECRET: 'test-recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'test-recaptcha-site-key',
  LOOKUP_KEY_SECRET: 'a-lookup-key-secret-of-32-characters!',
  TRUST_PROXY: '1',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the server; resolves when it exits, or once it printed its start lines (then stops it). */
function runServer(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('Lookup keys:')) child.kill('SIGTERM');
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

describe('production settings, one at a time', () => {
  it.each([
    ['SMS_PROVIDER', { SMS_PROVIDER: 'offline' }],
    ['RECAPTCHA_SECRET', { RECAPTCHA_SECRET: '' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['LOOKUP_KEY_SECRET', { LOOKUP_KEY_SECRET: '' }],
  ])('refuses a missing or unsafe %s alone', (variable, change) => {
    expect(() => loadConfig({ ...COMPLETE, ...change })).toThrow(
      new RegExp(`^Production mode \\(NODE_ENV=production\\) refuses to start: ${variable}: [^;]+$`),
    );
  });

  it('accepts the complete set, and the same gaps outside production', () => {
    expect(loadConfig(COMPLETE).NODE_ENV).toBe('production');
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });
});
