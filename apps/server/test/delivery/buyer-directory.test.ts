/**
 * The buyers list kept for a second (buyer-directory.ts), read from inside a transaction on SQLite's one
 * connection (group-commit-sqlite-dialect.ts: a transaction holds the connection until it ends). Issue 32's
 * bench hung here: a read started outside (a lead's routing) waited for the transaction, and the transaction
 * (a refused post choosing the next bid) was handed that same read in progress, so each waited for the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSqliteDatabase } from '../../src/db/open-sqlite-database';
import type { Database } from '../../src/db/schema';
import { createBuyerDirectory } from '../../src/delivery/buyer-directory';

let dir: string;
let db: Kysely<Database>;
const TTL_MS = 30;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'buyer-directory-'));
  db = await openSqliteDatabase(dir);
});
afterAll(async () => {
  await db?.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} still waiting after ${ms} ms`)), ms)),
  ]);

it('a transaction reading a stale list is never handed the read in progress outside it', async () => {
  const buyers = createBuyerDirectory(db, TTL_MS);
  await buyers.all();
  await new Promise((resolve) => setTimeout(resolve, TTL_MS + 20));
  let outside: Promise<unknown> | undefined;
  const inside = db.transaction().execute(async (trx) => {
    // Stale: the read outside starts, and waits for this transaction to end.
    outside = buyers.all();
    return buyers.all(trx);
  });
  await expect(within(inside, 3_000, 'the read inside the transaction')).resolves.toEqual([]);
  await expect(
    within(outside ?? Promise.reject(new Error('no read outside')), 3_000, 'the read outside'),
  ).resolves.toEqual([]);
});

it('a fresh list is answered inside a transaction without reading again', async () => {
  const buyers = createBuyerDirectory(db, 60_000);
  const first = await buyers.all();
  const again = await db.transaction().execute((trx) => buyers.all(trx));
  expect(again).toBe(first);
});
