/**
 * Issue 32: the server's statements with parameters run as named prepared statements on PostgreSQL
 * (db/statement-names.ts), parsed and planned once per connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementNames, MAX_NAMED } from '../src/db/statement-names';
import { openTestDatabase, TEST_DIALECT, type TestDatabase } from './start-test-server';

describe('statement names', () => {
  it('gives one name per text, the same each time', () => {
    const names = createStatementNames();
    const a = names.nameOf('select "id" from "leads" where "id" = $1');
    const b = names.nameOf('select "email" from "leads" where "id" = $1');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(a).not.toBe(b);
    expect(names.nameOf('select "id" from "leads" where "id" = $1')).toBe(a);
  });

  it.each([
    ['without parameters', 'begin'],
    ['with * (its shape changes with a new column)', 'select * from "auctions" where "lead_id" = $1'],
    ['returning *', 'update "delivery_jobs" set "status" = $1 returning *'],
  ])('names no statement %s', (_, text) => {
    expect(createStatementNames().nameOf(text)).toBeUndefined();
  });

  it(`names no more than ${MAX_NAMED} texts (lists of values make one text per length)`, () => {
    const names = createStatementNames();
    for (let i = 0; i < MAX_NAMED; i++) expect(names.nameOf(`select $1 + ${i}`)).toBeDefined();
    expect(names.nameOf('select $1 + -1')).toBeUndefined();
    expect(names.nameOf('select $1 + 0')).toBeDefined();
  });

  it('renews every name after PostgreSQL refused a prepared statement, and only then', () => {
    const names = createStatementNames();
    const before = names.nameOf('select "a" from "t" where "id" = $1');
    names.failed(Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(names.nameOf('select "a" from "t" where "id" = $1')).toBe(before);
    names.failed(Object.assign(new Error('cached plan must not change result type'), { code: '0A000' }));
    const after = names.nameOf('select "a" from "t" where "id" = $1');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});

describe.runIf(TEST_DIALECT === 'postgres')('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('prepares a statement with parameters once on its connection and reuses it', async () => {
    const prepared = await database.db.connection().execute(async (connection) => {
      for (let call = 0; call < 3; call++) {
        const rows = await connection.selectFrom('leads').select('id').where('id', '=', `missing-${call}`).execute();
        expect(rows).toEqual([]);
      }
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      return rows.map((row) => row.statement);
    });
    expect(prepared).toEqual(['select "id" from "leads" where "id" = $1']);
  });

  it('runs on after a column’s type changed under a prepared statement', async () => {
    const { db } = database;
    await sql`create table prepared_probe (id text primary key, amount integer)`.execute(db);
    await sql`insert into prepared_probe values ('a', 1)`.execute(db);
    const read = () =>
      db
        .connection()
        .execute((connection) =>
          sql<{ amount: unknown }>`select amount from prepared_probe where id = ${'a'}`.execute(connection),
        );
    expect((await read()).rows).toEqual([{ amount: 1 }]);
    await sql`alter table prepared_probe alter column amount type text`.execute(db);
    // The connection's prepared statement now returns the wrong type: PostgreSQL refuses it once, and the
    // statement is prepared again under a new name.
    const first = await read().then(
      (result) => result.rows,
      (error: unknown) => (error instanceof Error && 'code' in error ? error.code : error),
    );
    expect(first).toBe('0A000');
    expect((await read()).rows).toEqual([{ amount: '1' }]);
  });
});
