/**
 * `npm run seed:demo` (issue 16) into a fresh database of each kind: visitors, snapshots, leads made by
 * the domain's engine that the server's intake judges consistent (no submission problem), experiments
 * with their visitors' arms on the leads, and delivery outcomes. Refused in production.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database';
import { createTestSchema, TEST_DIALECT } from './start-test-server';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

async function seed(env: Record<string, string>, args: string[] = []) {
  return run('npx', ['tsx', 'apps/server/src/seed-demo.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    timeout: 120_000,
  });
}

async function location(): Promise<{ env: Record<string, string>; where: { dataDir: string; databaseUrl?: string } }> {
  if (TEST_DIALECT === 'postgres') {
    const schema = await createTestSchema();
    drops.push(schema.drop);
    return { env: { DATABASE_URL: schema.url }, where: { dataDir: '', databaseUrl: schema.url } };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-demo-'));
  return { env: { DATA_DIR: dataDir }, where: { dataDir } };
}

describe(`seed:demo (${TEST_DIALECT})`, () => {
  it('fills a fresh database with a consistent demo', async () => {
    const { env, where } = await location();
    const { stdout } = await seed(env, ['--visitors', '120', '--days', '10']);
    expect(stdout).toMatch(/seed:demo: 120 visitors, \d+ step snapshots, \d+ leads, \d+ deliveries, 2 experiments/);
    const db = await openDatabase(where);
    try {
      const count = async (query: string) =>
        Number((await sql<{ n: number | string }>`${sql.raw(query)}`.execute(db)).rows[0]?.n ?? 0);
      const leads = await count('select count(*) as n from leads');
      expect(leads).toBeGreaterThan(10);
      expect(await count("select count(*) as n from leads where submission_problems <> ''")).toBe(0);
      expect(await count("select count(*) as n from leads where lead_is_qualified = 'yes'")).toBeGreaterThan(0);
      // A visitor who leaves on the first step answered nothing: no snapshot, no session.
      const sessions = await count('select count(distinct session) as n from step_snapshots');
      expect(sessions).toBeGreaterThan(60);
      expect(sessions).toBeLessThanOrEqual(120);
      expect(await count("select count(*) as n from leads where experiment_id = 'survey-main-vs-a'")).toBeGreaterThan(
        0,
      );
      expect(await count('select count(*) as n from experiment_assignments')).toBeGreaterThan(0);
      expect(await count("select count(*) as n from delivery_jobs where status = 'accepted'")).toBeGreaterThan(0);
      expect(await count('select count(*) as n from delivery_attempts')).toBeGreaterThan(0);
      // Every snapshot of a session that sent a lead names it, and that lead exists.
      expect(
        await count(
          "select count(*) as n from step_snapshots s left join leads l on l.id = s.lead_id where s.lead_id <> '' and l.id is null",
        ),
      ).toBe(0);
    } finally {
      await db.destroy();
    }
  }, 180_000);

  it('refuses to run in production', async () => {
    const { env } = await location();
    await expect(seed({ ...env, NODE_ENV: 'production' }, ['--visitors', '1'])).rejects.toMatchObject({ code: 2 });
  }, 60_000);
});
