/**
 * Issue 29, finding 4: "Every table that holds personal data is listed in one place, and deletion and
 * retention cover each of them, with a test that fails when a new table holds an email and is not covered."
 * Over real HTTP on SQLite and PostgreSQL: the migrated database's tables are exactly the list's
 * (privacy/personal-data-tables.ts), and after a person's deletion (and after retention) their email, phone,
 * user agent and every value tagged with them are found in no column of any table, save the ones the list
 * keeps on purpose (the suppression list; the request itself until retention).
 */
import { randomUUID } from 'node:crypto';
import { DeletionReviewSchema } from '@app/funnel';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRetention } from '../src/jobs/retention';
import { PERSONAL_DATA_TABLES } from '../src/privacy/personal-data-tables';
import { leadBody } from './lead-body';
import { postJson, startTestServer, TEST_DIALECT, type TestServer } from './start-test-server';
import { consoleClient, signIn, type ConsoleClient } from './console/console-client';

const clock = new Date();
let server: TestServer;
let api: ConsoleClient;
beforeAll(async () => {
  server = await startTestServer({ env: { DELIVERY_WORKER: 'off' }, now: () => clock });
  api = consoleClient(server, await signIn(server, 'erasure@example.com'));
}, 30_000);
afterAll(() => server?.close());

/** The migrated database's own tables and their columns (the migrations' bookkeeping left out). */
async function schemaOf(): Promise<Map<string, string[]>> {
  const rows =
    TEST_DIALECT === 'postgres'
      ? (
          await sql<{ table_name: string; column_name: string }>`
            select table_name, column_name from information_schema.columns
            where table_schema = current_schema() order by table_name, ordinal_position`.execute(server.db)
        ).rows
      : (
          await sql<{ table_name: string; column_name: string }>`
            select m.name as table_name, p.name as column_name
            from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'`.execute(server.db)
        ).rows;
  const tables = new Map<string, string[]>();
  for (const row of rows) {
    if (row.table_name.startsWith('kysely_migration')) continue;
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  }
  return tables;
}

/** The tables and columns whose text holds any of the needles. */
async function whereFound(needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [table, columns] of await schemaOf()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(server.db);
    for (const row of rows.rows) {
      for (const column of columns) {
        const cell = row[column];
        const value = typeof cell === 'string' ? cell : JSON.stringify(cell ?? '');
        if (needles.some((needle) => value.includes(needle))) found.push(`${table}.${column}`);
      }
    }
  }
  return [...new Set(found)].sort();
}

const keptTables = (onDeletion: boolean) =>
  Object.entries(PERSONAL_DATA_TABLES)
    .filter(([, entry]) => 'kept' in entry || (onDeletion && 'keptOnDeletion' in entry))
    .map(([table]) => table);

/** A person's lead, a save-data call of its session, a refused body replayed with a fix, and one never replayed. */
async function personWithCopies(tag: string) {
  const email = `${tag}@example.com`;
  const phone = `(512) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
  const agent = { 'user-agent': `Browser-${tag}` };
  const lead = leadBody({ email, phone, case_description: `I was hurt at a red light, ${tag}` });
  const session = randomUUID();
  expect(
    (
      await postJson(
        `${server.url}/api/save-data`,
        {
          session,
          data: [
            {
              step_id: 'WhenWasTheAccident',
              step_number: 1,
              ms_on_step: 1000,
              landing_page_url: `http://localhost:3000/survey?note=${tag}`,
              lead_id: lead.lead_id,
              progress_tracking: [],
              time_on_steps: '',
              answers: { note: tag },
            },
          ],
        },
        agent,
      )
    ).status,
  ).toBeLessThan(300);
  const posted = await postJson(`${server.url}/post-lead`, lead, agent);
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);

  const refused = leadBody({ email: `${tag}(at)example.com`, phone, first_name: `Typo${tag}` });
  expect((await postJson(`${server.url}/post-lead`, refused, agent)).status).toBe(400);
  const never = leadBody({ email, phone, zip_code: 'x' });
  expect((await postJson(`${server.url}/post-lead`, never, agent)).status).toBe(400);
  const open = (await api.get('/quarantine')).body.bodies as { id: string; body: { lead_id: string } }[];
  const refusedId = open.find((b) => b.body.lead_id === refused.lead_id)?.id;
  expect(refusedId).toBeDefined();
  // The operator fixes the email and the name: the audit keeps the old values (finding 2).
  const replay = await api.send('POST', `/quarantine/${String(refusedId)}/replay`, {
    body: { ...refused, email, first_name: 'Maria' },
  });
  expect(replay.status).toBe(200);
  return {
    email,
    phone,
    agent: agent['user-agent'],
    session,
    leadIds: [String(lead.lead_id), String(refused.lead_id)],
  };
}

describe(`one list of personal-data tables, covered by deletion and retention (${TEST_DIALECT})`, () => {
  it('lists every table of the migrated database, and the columns it names exist', async () => {
    const schema = await schemaOf();
    expect([...schema.keys()].sort()).toEqual(Object.keys(PERSONAL_DATA_TABLES).sort());
    for (const [table, entry] of Object.entries(PERSONAL_DATA_TABLES)) {
      for (const column of entry.columns) expect(schema.get(table), `${table}.${column}`).toContain(column);
    }
  });

  it("a confirmed deletion leaves the person's data in no table but the ones kept on purpose", async () => {
    const tag = `zq${randomUUID().slice(0, 8)}`;
    const person = await personWithCopies(tag);
    const needles = [tag, person.email, person.phone.replace(/\D/g, '')];
    // Before: the copies are there (the test can fail).
    expect(await whereFound(needles)).toEqual(
      expect.arrayContaining([
        'leads.email',
        'quarantined_bodies.body',
        'progress_snapshots.data',
        'operator_actions.details',
      ]),
    );

    const sent = await postJson(`${server.url}/api/opt-out`, {
      formData: {
        firstName: 'Maria',
        lastName: 'Lopez',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        email: person.email,
        phone: person.phone,
        authorizedAgent: 'no',
        receiveInformationEmail: true,
        requestToDeleteInformation: true,
        agreeTerms: true,
      },
      reCaptchaToken: '',
      type: 'do-not-sell-information-form',
    });
    expect(sent.status).toBe(201);
    const id = String(sent.body.id);
    const review = DeletionReviewSchema.parse((await api.get(`/privacy-requests/${id}/review`)).body);
    // The replayed body goes with its lead; the one never replayed is listed on its own.
    expect(review.leads.map((lead) => lead.kind).sort()).toEqual(['lead', 'lead', 'quarantined']);
    const done = await api.send('POST', `/privacy-requests/${id}`, {
      decision: 'complete',
      leads: review.leads.map((lead) => lead.id),
    });
    expect(done.status).toBe(200);

    const left = await whereFound(needles);
    const allowed = keptTables(true);
    expect(left.filter((place) => !allowed.includes(place.split('.')[0] ?? ''))).toEqual([]);
    expect(await whereFound([person.agent])).toEqual([]);
    // The erased quarantine entries are closed: a replay cannot bring the data back.
    const closed = await server.db.selectFrom('quarantined_bodies').select(['status', 'body']).execute();
    for (const row of closed.filter((r) => r.body === '{}')) expect(row.status).not.toBe('open');
  });

  it('retention leaves data older than the period in no table but the ones kept on purpose', async () => {
    const tag = `zr${randomUUID().slice(0, 8)}`;
    const person = await personWithCopies(tag);
    const needles = [tag, person.email, person.phone.replace(/\D/g, ''), person.agent];
    expect((await whereFound(needles)).length).toBeGreaterThan(3);
    const later = new Date(clock.getTime() + 25 * 31 * 24 * 60 * 60_000);
    const report = await runRetention(server.db, later, 24);
    expect(report.leads).toBeGreaterThanOrEqual(2);
    expect(report.quarantined_bodies).toBeGreaterThanOrEqual(2);
    const allowed = keptTables(false);
    expect((await whereFound(needles)).filter((place) => !allowed.includes(place.split('.')[0] ?? ''))).toEqual([]);
  });
});
