import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSuppression, isSuppressed } from '../src/db/suppression-store';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

const ADDED = new Date('2026-11-22T15:00:00Z');
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
  await addSuppression(database.db, { email: ' Blocked@Example.COM ', reason: 'opt-out', addedAt: ADDED });
  await addSuppression(database.db, { phone: '+1 (512) 555-0199', reason: 'complaint', addedAt: ADDED });
  await addSuppression(database.db, {
    email: 'both@example.com',
    phone: '512-555-0177',
    reason: 'litigator',
    addedAt: ADDED,
  });
});
afterAll(async () => {
  await database.close();
});

describe(`suppression list (${TEST_DIALECT})`, () => {
  it.each([
    [{ email: 'blocked@example.com' }, true],
    [{ email: 'BLOCKED@example.com  ' }, true],
    [{ phone: '5125550199' }, true],
    [{ phone: '15125550199' }, true],
    [{ email: 'fresh@example.com', phone: '(512) 555-0199' }, true],
    [{ email: 'blocked@example.com', phone: '5125550100' }, true],
    [{ phone: '512.555.0177' }, true],
    [{ email: 'both@example.com' }, true],
    [{ email: 'fresh@example.com' }, false],
    [{ phone: '5125550100' }, false],
    [{ email: 'fresh@example.com', phone: '5125550100' }, false],
    [{ email: '', phone: '' }, false],
    [{}, false],
  ])('%j → %s', async (contact, expected) => {
    expect(await isSuppressed(database.db, contact)).toBe(expected);
  });

  it('stores the normalised forms', async () => {
    const rows = await database.db
      .selectFrom('suppression_list')
      .select(['email', 'phone', 'reason', 'added_at'])
      .orderBy('reason')
      .execute();
    expect(rows).toEqual([
      { email: null, phone: '5125550199', reason: 'complaint', added_at: '2026-11-22T15:00:00.000Z' },
      { email: 'both@example.com', phone: '5125550177', reason: 'litigator', added_at: '2026-11-22T15:00:00.000Z' },
      { email: 'blocked@example.com', phone: null, reason: 'opt-out', added_at: '2026-11-22T15:00:00.000Z' },
    ]);
  });

  it('refuses an entry with neither email nor phone', async () => {
    await expect(addSuppression(database.db, { email: ' ', reason: 'x', addedAt: ADDED })).rejects.toThrow(
      /needs an email or a phone/,
    );
  });
});
