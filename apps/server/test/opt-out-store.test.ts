import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOptOutRequest, listOpenOptOutRequests, setOptOutStatus, storeOptOutRequest } from '../src/db/opt-out-store';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

const FORM = { firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.com', state: 'CA' };
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe(`opt-out store (${TEST_DIALECT})`, () => {
  it('stores a request with its due date, open', async () => {
    const stored = await storeOptOutRequest(database.db, {
      requestTypes: ['optOutOfSaleOrSharingOfInformation', 'requestToDeleteInformation'],
      formData: FORM,
      secGpc: true,
      receivedAt: new Date('2026-11-02T18:00:00Z'),
    });
    expect(stored.dueAt).toBe('2026-11-23');
    expect(await getOptOutRequest(database.db, stored.id)).toEqual({
      id: stored.id,
      receivedAt: '2026-11-02T18:00:00.000Z',
      dueAt: '2026-11-23',
      requestTypes: ['optOutOfSaleOrSharingOfInformation', 'requestToDeleteInformation'],
      formData: FORM,
      secGpc: 'yes',
      status: 'open',
      statusChangedAt: '2026-11-02T18:00:00.000Z',
      processedBy: '',
    });
  });

  it('counts from the date in Hawaii: late on Sunday there is still Sunday', async () => {
    // Monday 2026-11-09 05:00 UTC is Sunday 19:00 in Honolulu.
    const stored = await storeOptOutRequest(database.db, {
      requestTypes: ['requestForInformation'],
      formData: FORM,
      secGpc: false,
      receivedAt: new Date('2026-11-09T05:00:00Z'),
    });
    expect(stored.dueAt).toBe('2026-12-23');
    expect((await getOptOutRequest(database.db, stored.id))?.secGpc).toBe('no');
  });

  it('refuses a request with no type', async () => {
    await expect(
      storeOptOutRequest(database.db, { requestTypes: [], formData: FORM, secGpc: false, receivedAt: new Date() }),
    ).rejects.toThrow(/at least one request type/);
  });

  it('lists open requests most urgent first, and drops them once closed', async () => {
    // A database of its own, so the list holds only these two.
    const own = await openTestDatabase();
    const { db } = own;
    try {
      const later = await storeOptOutRequest(db, {
        requestTypes: ['submitAnAppeal'],
        formData: FORM,
        secGpc: false,
        receivedAt: new Date('2026-11-02T18:00:00Z'),
      });
      const sooner = await storeOptOutRequest(db, {
        requestTypes: ['optOutOfSaleOrSharingOfInformation'],
        formData: FORM,
        secGpc: false,
        receivedAt: new Date('2026-11-03T18:00:00Z'),
      });
      expect((await listOpenOptOutRequests(db)).map((r) => [r.id, r.dueAt])).toEqual([
        [sooner.id, '2026-11-24'],
        [later.id, '2026-12-17'],
      ]);
      expect((await listOpenOptOutRequests(db, { dueOnOrBefore: '2026-11-30' })).map((r) => r.id)).toEqual([sooner.id]);

      expect(await setOptOutStatus(db, sooner.id, 'completed', new Date('2026-11-10T09:00:00Z'))).toBe(true);
      expect(await getOptOutRequest(db, sooner.id)).toMatchObject({
        status: 'completed',
        statusChangedAt: '2026-11-10T09:00:00.000Z',
      });
      expect((await listOpenOptOutRequests(db)).map((r) => r.id)).toEqual([later.id]);
    } finally {
      await own.close();
    }
  });

  it('reports an unknown id', async () => {
    expect(await setOptOutStatus(database.db, 'no-such-id', 'denied', new Date())).toBe(false);
    expect(await getOptOutRequest(database.db, 'no-such-id')).toBeUndefined();
  });
});
