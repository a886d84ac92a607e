import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIngestedLead, storeIngestedLead } from '../src/db/ingested-lead-store';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

const AT = new Date('2026-11-22T15:00:00Z');
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`ingested leads (${TEST_DIALECT})`, () => {
  it('stores a lead as received and reads it back', async () => {
    const id = crypto.randomUUID();
    const body = { first_name: 'Ana', phone: '5125550100', ticket_type: 'speeding', nested: [1, 'two'] };
    expect(await storeIngestedLead(database.db, { id, source: 'ticket', body, receivedAt: AT })).toEqual({
      id,
      created: true,
    });
    expect(await getIngestedLead(database.db, id)).toEqual({
      id,
      source: 'ticket',
      body,
      receivedAt: '2026-11-22T15:00:00.000Z',
    });
  });

  it('makes an id when none is given', async () => {
    const stored = await storeIngestedLead(database.db, { source: 'minimal', body: { a: 1 }, receivedAt: AT });
    expect(stored.created).toBe(true);
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await getIngestedLead(database.db, stored.id))?.body).toEqual({ a: 1 });
  });

  it('keeps the first of a repeated id, also when the repeats race', async () => {
    const id = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        storeIngestedLead(database.db, { id, source: 'ticket', body: { n }, receivedAt: AT }),
      ),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(results.every((r) => r.id === id)).toBe(true);
    const rows = await database.db.selectFrom('ingested_leads').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers undefined for an unknown id', async () => {
    expect(await getIngestedLead(database.db, 'no-such-id')).toBeUndefined();
  });
});
