/**
 * Issue 9, item 8 (personal data at rest), over real HTTP on both databases: the SQLite folder is 0700 and
 * its files 0600; lookup keys are keyed (HMAC), so a stored key cannot be reversed by hashing every phone
 * number; the retention job anonymizes leads older than RETENTION_MONTHS.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open-database';
import { runRetention } from '../src/jobs/retention';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';

const mode = (file: string) => statSync(file).mode & 0o777;

describe.runIf(TEST_DIALECT === 'sqlite')('SQLite file modes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('keeps the data folder 0700 and the database, WAL and shared-memory files 0600', async () => {
    expect((await postJson(`${server.url}/post-lead`, leadBody())).status).toBe(201);
    const file = server.dbFile ?? '';
    expect(mode(path.dirname(file))).toBe(0o700);
    for (const part of [file, `${file}-wal`, `${file}-shm`]) expect([part, mode(part)]).toEqual([part, 0o600]);
  });

  it('tightens a folder and a database file that were world-readable', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'funnel-modes-')), 'data');
    mkdirSync(dir, { mode: 0o755 });
    const first = await openDatabase({ dataDir: dir });
    await first.destroy();
    chmodSync(dir, 0o755);
    chmodSync(path.join(dir, 'funnel.sqlite'), 0o644);
    const again = await openDatabase({ dataDir: dir });
    await again.destroy();
    expect([mode(dir), mode(path.join(dir, 'funnel.sqlite'))]).toEqual([0o700, 0o600]);
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});

describe(`lookup keys and retention (${TEST_DIALECT})`, () => {
  let clock = new Date('2024-01-10T12:00:00Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ now: () => clock });
  });
  afterAll(async () => {
    await server.close();
  });

  it('keys a phone with the server secret, not a plain hash anyone can recompute', async () => {
    await postJson(`${server.url}/api/validate/phone`, { phone: '(512) 555-0142' });
    const keys = (await server.db.selectFrom('validation_results').select('key').execute()).map((r) => r.key);
    expect(keys).toHaveLength(1);
    for (const plain of ['5125550142', '+15125550142', 'phone:5125550142']) {
      expect(keys).not.toContain(createHash('sha256').update(plain).digest('hex'));
    }
  });

  it('anonymizes leads older than 24 months and leaves newer ones alone', async () => {
    const old = leadBody({ landing_page_url: 'http://localhost:3000/survey?sub1=x&email=maria%40example.com' });
    expect((await postJson(`${server.url}/post-lead`, old)).status).toBe(201);
    await postJson(`${server.url}/api/save-data`, { session: 'old-session', data: [{ step: 'StartPath' }] });
    clock = new Date('2026-01-20T12:00:00Z');
    const recent = leadBody();
    expect((await postJson(`${server.url}/post-lead`, recent)).status).toBe(201);

    clock = new Date('2026-02-01T00:00:00Z');
    expect(await runRetention(server.db, clock, 24)).toMatchObject({ leads: 1, ingested_leads: 0 });
    const rows = await server.db.selectFrom('leads').selectAll().execute();
    const gone = rows.find((r) => r.id === old.lead_id);
    const kept = rows.find((r) => r.id === recent.lead_id);
    expect(gone).toMatchObject({
      email: '',
      phone: '',
      ip_address: '',
      user_agent: '',
      landing_page_url: 'http://localhost:3000/survey',
      anonymized_at: '2026-02-01T00:00:00.000Z',
      variant: 'extended',
    });
    const everything = JSON.stringify(gone);
    for (const personal of ['Maria', 'Lopez', 'maria@example.com', '5125550100', 'red light', '127.0.0.1']) {
      expect(everything).not.toContain(personal);
    }
    expect(JSON.parse(gone?.lead ?? '{}')).toMatchObject({ state: 'TX', specific_injury: 'Whiplash', first_name: '' });
    expect(kept).toMatchObject({ email: 'maria@example.com', anonymized_at: null });
    const snapshots = await server.db.selectFrom('progress_snapshots').select('session').execute();
    expect(snapshots.map((s) => s.session)).not.toContain('old-session');
    // Run again: nothing left to do.
    expect(await runRetention(server.db, clock, 24)).toMatchObject({ leads: 0, ingested_leads: 0 });
  });
});
