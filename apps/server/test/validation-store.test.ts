import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createLookupKeys, lookupKeySecret } from '../src/db/lookup-keys';
import { countEmailBlocks, latestValidation, recordValidation } from '../src/db/validation-store';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const keys = createLookupKeys(SECRET);
const validationKey = (kind: 'phone' | 'email' | 'text', input: string) => keys.of(kind, input);

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('lookup keys (issue 9: keyed, not a plain hash)', () => {
  it('are HMAC-SHA256 of the kind and the normalised input, with the server secret', () => {
    expect(validationKey('email', ' Maria@Example.com ')).toBe(
      createHmac('sha256', SECRET).update('email:maria@example.com').digest('hex'),
    );
    // A plain SHA-256 of the address (reversible for phones by trying every number) is not the key.
    expect(validationKey('email', 'maria@example.com')).not.toBe(
      '10ef04a5a1acd81d18a0c61fdd354a063da07223720a1d8760aa5c2afa5e8ee0',
    );
    expect(createLookupKeys('another-secret-of-at-least-32-chars!').of('email', 'maria@example.com')).not.toBe(
      validationKey('email', 'maria@example.com'),
    );
    expect(validationKey('phone', '+1 (512) 555-0100')).toBe(validationKey('phone', '5125550100'));
    expect(validationKey('text', '  a  truck\nhit me ')).toBe(validationKey('text', 'a truck hit me'));
    expect(validationKey('email', 'maria@example.com')).toMatch(/^[0-9a-f]{64}$/);
    expect(validationKey('email', 'maria@example.com')).not.toBe(validationKey('email', 'mario@example.com'));
  });

  it('give the same key asked again, before and after the memo of recent inputs is forgotten (issue 15)', () => {
    const fresh = createLookupKeys(SECRET);
    const expected = createHmac('sha256', SECRET).update('phone:5125550100').digest('hex');
    expect(fresh.of('phone', '(512) 555-0100')).toBe(expected);
    expect(fresh.of('phone', '(512) 555-0100')).toBe(expected);
    expect(fresh.of('email', '(512) 555-0100')).not.toBe(expected);
    for (let n = 0; n < 3000; n++) fresh.of('email', `visitor.${n}@example.com`);
    expect(fresh.of('phone', '(512) 555-0100')).toBe(expected);
    expect(fresh.of('email', 'visitor.7@example.com')).toBe(keys.of('email', 'Visitor.7@example.com'));
  });

  it(`without LOOKUP_KEY_SECRET, one secret is made and kept in the database (${TEST_DIALECT})`, async () => {
    const first = await lookupKeySecret(database.db, undefined, new Date());
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await lookupKeySecret(database.db, undefined, new Date())).toBe(first);
    // Issue 30: the database recorded its keys' fingerprint; a configured secret that differs is refused.
    await expect(lookupKeySecret(database.db, SECRET, new Date())).rejects.toThrow(
      /^LOOKUP_KEY_SECRET: differs from the secret this database's lookup keys were made with/,
    );
  });
});

describe(`validation results (${TEST_DIALECT})`, () => {
  it('answers the newest result of an input, within a freshness window', async () => {
    const key = validationKey('phone', '5125550123');
    await recordValidation(database.db, {
      kind: 'phone',
      key,
      blocked: true,
      result: { valid: false, fraud_score: 99 },
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    const newest = await recordValidation(database.db, {
      kind: 'phone',
      key,
      blocked: false,
      result: { valid: true, fraud_score: 10, line_type: 'Wireless' },
      createdAt: new Date('2026-11-22T10:00:00Z'),
    });
    expect(await latestValidation(database.db, 'phone', key)).toEqual({
      id: newest.id,
      kind: 'phone',
      key,
      blocked: false,
      result: { valid: true, fraud_score: 10, line_type: 'Wireless' },
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(
      await latestValidation(database.db, 'phone', key, { notBefore: new Date('2026-11-23T00:00:00Z') }),
    ).toBeUndefined();
    // The same digits hashed as another kind are another key's business.
    expect(await latestValidation(database.db, 'email', key)).toBeUndefined();
  });

  it('counts the blocks of one email address (§5: the second block lets it through)', async () => {
    const key = validationKey('email', 'twice@example.com');
    const other = validationKey('email', 'other@example.com');
    expect(await countEmailBlocks(database.db, key)).toBe(0);
    const record = (k: string, blocked: boolean, at: string) =>
      recordValidation(database.db, {
        kind: 'email',
        key: k,
        blocked,
        result: { disposable: blocked },
        createdAt: new Date(at),
      });
    await record(key, true, '2026-11-01T00:00:00Z');
    await record(key, false, '2026-11-02T00:00:00Z');
    await record(key, true, '2026-11-03T00:00:00Z');
    await record(other, true, '2026-11-03T00:00:00Z');
    await recordValidation(database.db, {
      kind: 'phone',
      key,
      blocked: true,
      result: {},
      createdAt: new Date('2026-11-03T00:00:00Z'),
    });
    expect(await countEmailBlocks(database.db, key)).toBe(2);
    expect(await countEmailBlocks(database.db, key, { since: new Date('2026-11-02T00:00:00Z') })).toBe(1);
  });

  it('refuses a raw email or phone where a key belongs, and never stores one', async () => {
    await expect(
      recordValidation(database.db, {
        kind: 'email',
        key: 'maria@example.com',
        blocked: false,
        result: {},
        createdAt: new Date(),
      }),
    ).rejects.toThrow(/lookup key/);
    await expect(countEmailBlocks(database.db, 'maria@example.com')).rejects.toThrow(/lookup key/);
    const keys = await database.db.selectFrom('validation_results').select('key').execute();
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});
