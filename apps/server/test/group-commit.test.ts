/**
 * Issue 15, group commit on SQLite (db/group-commit-sqlite-dialect.ts), on a real database file with a
 * second connection reading what is on disk: concurrent writes share one commit and each resolves after
 * it; a failed transaction undoes only its own writes; a failed commit rejects every write of its group
 * and keeps none; the deferred mode resolves at once and its barrier waits for the commit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommitBatch } from '../src/db/commit-feed';
import { groupCommitSqliteDialects, type CommitBarrier } from '../src/db/group-commit-sqlite-dialect';

interface Tables {
  parents: { id: number };
  children: { id: number; parent_id: number };
  notes: { id: number; text: string };
}

let dir: string;
let reader: SqliteDatabase.Database;
let safe: Kysely<Tables>;
let deferred: Kysely<Tables>;
let barrier: CommitBarrier;
let batches: CommitBatch[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
  const file = path.join(dir, 'db.sqlite');
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`create table parents (id integer primary key);
    create table children (id integer primary key,
      parent_id integer references parents (id) deferrable initially deferred);
    create table notes (id integer primary key, text text not null unique)`);
  batches = [];
  const dialects = groupCommitSqliteDialects(sqlite, (batch) => batches.push(batch));
  safe = new Kysely<Tables>({ dialect: dialects.safe });
  deferred = new Kysely<Tables>({ dialect: dialects.deferred });
  barrier = dialects.barrier;
  reader = new SqliteDatabase(file, { readonly: true });
});

afterEach(async () => {
  reader.close();
  await safe.destroy();
  await deferred.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** What another connection sees: only committed rows. */
const onDisk = (table: 'notes' | 'children') =>
  reader.prepare(`select count(*) as n from ${table}`).get() as { n: number };

describe('group commit (SQLite)', () => {
  it('commits concurrent writes together, each resolving once it is on disk', async () => {
    const writes = Array.from({ length: 50 }, (_, i) =>
      safe
        .insertInto('notes')
        .values({ id: i, text: `note ${i}` })
        .execute()
        .then(() => onDisk('notes').n),
    );
    const seenAtResolve = await Promise.all(writes);
    expect(seenAtResolve.every((n) => n === 50)).toBe(true);
    expect(batches).toEqual([{ writes: 50, ms: expect.any(Number), failed: false }]);
  });

  it('a transaction that fails undoes its own writes only; the others of its group commit', async () => {
    const failing = safe.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 1, text: 'kept?' }).execute();
      await trx.insertInto('notes').values({ id: 2, text: 'same' }).execute();
      await trx.insertInto('notes').values({ id: 3, text: 'same' }).execute();
    });
    const other = safe
      .transaction()
      .execute((trx) => trx.insertInto('notes').values({ id: 4, text: 'other' }).execute());
    const lone = safe.insertInto('notes').values({ id: 5, text: 'lone' }).execute();
    await expect(failing).rejects.toThrow(/UNIQUE/);
    await Promise.all([other, lone]);
    expect(reader.prepare('select id from notes order by id').all()).toEqual([{ id: 4 }, { id: 5 }]);
    expect(batches).toHaveLength(1);
  });

  it('a commit that fails rejects every write of its group and keeps none of them', async () => {
    // The deferred foreign key is checked at COMMIT: the whole group's commit fails.
    const orphan = safe.insertInto('children').values({ id: 1, parent_id: 99 }).execute();
    const innocent = safe.insertInto('notes').values({ id: 1, text: 'innocent' }).execute();
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    await expect(innocent).rejects.toThrow(/FOREIGN KEY/);
    expect(onDisk('notes').n).toBe(0);
    expect(batches).toEqual([{ writes: 2, ms: expect.any(Number), failed: true }]);
    expect(barrier.failures()).toBe(1);
    // The next group starts clean.
    await safe.insertInto('notes').values({ id: 2, text: 'after' }).execute();
    expect(onDisk('notes').n).toBe(1);
  });

  it('deferred: a statement resolves before its commit; the barrier resolves after it', async () => {
    await deferred.insertInto('notes').values({ id: 1, text: 'deferred' }).execute();
    await deferred
      .transaction()
      .execute((trx) => trx.insertInto('notes').values({ id: 2, text: 'in a trx' }).execute());
    expect(onDisk('notes').n).toBe(0);
    // A read through the same connection sees the pending rows (the barrier then covers them).
    expect((await sql<{ n: number }>`select count(*) as n from notes`.execute(deferred)).rows[0]?.n).toBe(2);
    await barrier.barrier();
    expect(onDisk('notes').n).toBe(2);
  });

  it('two connections in one process take turns at the write lock without blocking each other', async () => {
    const other = new SqliteDatabase(path.join(dir, 'db.sqlite'));
    other.pragma('busy_timeout = 0');
    const second = new Kysely<Tables>({ dialect: groupCommitSqliteDialects(other).safe });
    try {
      const writes = Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? second : safe)
          .insertInto('notes')
          .values({ id: i, text: `note ${i}` })
          .execute(),
      );
      await Promise.all(writes);
      expect(onDisk('notes').n).toBe(40);
    } finally {
      await second.destroy();
    }
  });

  it('a read with no write pending is answered at once, from committed rows', async () => {
    await safe.insertInto('notes').values({ id: 1, text: 'one' }).execute();
    const before = batches.length;
    expect(await safe.selectFrom('notes').select('text').execute()).toEqual([{ text: 'one' }]);
    expect(batches.length).toBe(before);
  });
});
