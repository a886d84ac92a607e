import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listProgress, saveProgress } from '../src/db/progress-store';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`progress store (${TEST_DIALECT})`, () => {
  it('keeps every save of a session, oldest first, apart from other sessions', async () => {
    const session = crypto.randomUUID();
    const first = await saveProgress(database.db, {
      session,
      data: [{ step: 'StartPath', completed: true }],
      receivedAt: new Date('2026-11-22T15:00:00Z'),
    });
    const second = await saveProgress(database.db, {
      session,
      data: [{ step: 'AtFault', completed: true, nested: { ñ: 'ü', n: 1.5, none: null } }],
      receivedAt: new Date('2026-11-22T15:00:07Z'),
    });
    await saveProgress(database.db, {
      session: 'someone-else',
      data: [],
      receivedAt: new Date('2026-11-22T15:00:01Z'),
    });

    expect(await listProgress(database.db, session)).toEqual([
      {
        id: first.id,
        session,
        data: [{ step: 'StartPath', completed: true }],
        receivedAt: '2026-11-22T15:00:00.000Z',
      },
      {
        id: second.id,
        session,
        data: [{ step: 'AtFault', completed: true, nested: { ñ: 'ü', n: 1.5, none: null } }],
        receivedAt: '2026-11-22T15:00:07.000Z',
      },
    ]);
  });

  it('lists nothing for an unknown session', async () => {
    expect(await listProgress(database.db, 'no-such-session')).toEqual([]);
  });
});
