/**
 * A statement of one fixed shape, built and compiled by Kysely once per database dialect and run again
 * with new values (issue 15, docs/decisions/0024-spreads-and-statements-built-once.md): Kysely builds an
 * immutable tree and compiles it for every call, ~20 µs for a lead's insert.
 *
 * The statement is built with placeholders: `slots.text('id')` and `slots.number('n')` give values of the
 * right type, unique in the statement (the same for the same name), that Kysely passes through as parameters. Compiling it once finds
 * where each placeholder went; a run puts the caller's values there (a slot may take null). A placeholder
 * Kysely did not keep as a parameter (transformed, or written into the SQL) is an error at the first run, as
 * is a value missing, unexpected or of the wrong type at any run, so a statement can never run half-filled.
 */
import {
  createQueryId,
  sql,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryResult,
  type RawBuilder,
} from 'kysely';
import type { Database } from './schema';

export interface Slots {
  text(name: string): string;
  number(name: string): number;
  /** A text slot for a column that holds one of these values; a run's value is checked against them. */
  oneOf<T extends string>(name: string, values: readonly T[]): RawBuilder<T>;
}

export type SlotValues = Readonly<Record<string, string | number | null>>;

type SlotKind = 'text' | 'number';

interface Shape<O> {
  compiled: CompiledQuery<O>;
  /** For each parameter: the slot it takes its value from, or its own value (a constant of the statement). */
  parameters: ({ slot: string } | { constant: unknown })[];
  kinds: ReadonlyMap<string, SlotKind>;
  /** The values a oneOf slot may take. */
  allowed: ReadonlyMap<string, ReadonlySet<string>>;
}

const MARK = '\u0000slot\u0000';
/** Far from any count, id or time a statement holds: negative and beyond 2^40. */
const FIRST_NUMBER_SLOT = -(2 ** 40);

function shapeOf<O>(db: Kysely<Database>, build: (db: Kysely<Database>, slots: Slots) => Compilable<O>): Shape<O> {
  const kinds = new Map<string, SlotKind>();
  const byPlaceholder = new Map<string | number, string>();
  const allowed = new Map<string, ReadonlySet<string>>();
  const texts = new Map<string, string>();
  const numbers = new Map<string, number>();
  function placeholder<T extends string | number>(name: string, kind: SlotKind, made: Map<string, T>, value: T): T {
    const known = made.get(name);
    if (known !== undefined) return known;
    if (kinds.has(name)) throw new Error(`slot ${name} is a ${kinds.get(name)} slot`);
    kinds.set(name, kind);
    made.set(name, value);
    byPlaceholder.set(value, name);
    return value;
  }
  // A name asked again gives the same placeholder: one value, wherever the statement uses it.
  const slots: Slots = {
    text: (name) => placeholder(name, 'text', texts, `${MARK}${kinds.size}`),
    number: (name) => placeholder(name, 'number', numbers, FIRST_NUMBER_SLOT - kinds.size),
    oneOf: (name, values) => {
      allowed.set(name, new Set(values));
      return sql`${placeholder(name, 'text', texts, `${MARK}${kinds.size}`)}`;
    },
  };
  const compiled = build(db, slots).compile();
  if (compiled.sql.includes(MARK)) throw new Error('a slot was written into the SQL text, not passed as a parameter');
  const parameters = compiled.parameters.map((value) => {
    const slot = typeof value === 'string' || typeof value === 'number' ? byPlaceholder.get(value) : undefined;
    return slot === undefined ? { constant: value } : { slot };
  });
  for (const name of kinds.keys()) {
    if (!parameters.some((p) => 'slot' in p && p.slot === name)) throw new Error(`slot ${name} is not a parameter`);
  }
  return { compiled, parameters, kinds, allowed };
}

function valueOf<O>(shape: Shape<O>, values: SlotValues, name: string): string | number | null {
  const value = values[name];
  const kind = shape.kinds.get(name);
  if (value === undefined) throw new Error(`no value for slot ${name}`);
  if (value !== null && typeof value !== (kind === 'number' ? 'number' : 'string'))
    throw new Error(`slot ${name} takes a ${kind ?? 'text'}`);
  const allowed = shape.allowed.get(name);
  if (allowed && (typeof value !== 'string' || !allowed.has(value)))
    throw new Error(`slot ${name} takes one of ${[...allowed].join(', ')}`);
  return value;
}

/** The statement `build` makes, as a function of its slots' values; `O` is the row it returns. */
export function builtOnce<O>(
  build: (db: Kysely<Database>, slots: Slots) => Compilable<O>,
): (db: Kysely<Database>, values: SlotValues) => Promise<QueryResult<O>> {
  // By the dialect's adapter: a transaction shares its database's, and SQLite and PostgreSQL differ.
  const shapes = new WeakMap<object, Shape<O>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    const shape = shapes.get(adapter) ?? shapeOf(db, build);
    shapes.set(adapter, shape);
    if (Object.keys(values).length !== shape.kinds.size)
      throw new Error(`the statement takes ${[...shape.kinds.keys()].join(', ')}`);
    const parameters = shape.parameters.map((p) => ('slot' in p ? valueOf(shape, values, p.slot) : p.constant));
    const { compiled } = shape;
    return await db.executeQuery<O>({ query: compiled.query, sql: compiled.sql, parameters, queryId: createQueryId() });
  };
}

/**
 * A statement whose shape depends only on how many rows it holds (a multi-row insert): built once for each
 * count up to `max`; undefined for more (the caller builds that one as before). `row(i, column)` names the
 * slot of row i's column; rowValues gives a run's values in those names.
 */
export function builtOncePerCount<O>(
  max: number,
  build: (db: Kysely<Database>, slots: Slots, count: number) => Compilable<O>,
): (count: number) => ((db: Kysely<Database>, values: SlotValues) => Promise<QueryResult<O>>) | undefined {
  const byCount = Array.from({ length: max }, (_, i) => builtOnce((db, slots) => build(db, slots, i + 1)));
  return (count) => byCount[count - 1];
}

/** The slot name of row `i`'s `column` in a statement built per count. */
export function rowSlot(i: number, column: string): string {
  return `${i}.${column}`;
}

/** Rows' values under their slot names (rowSlot), with the statement's other values. */
export function rowValues(
  rows: readonly Readonly<Record<string, string | number | null>>[],
  others: SlotValues = {},
): SlotValues {
  const values: Record<string, string | number | null> = { ...others };
  rows.forEach((row, i) => {
    for (const [column, value] of Object.entries(row)) values[rowSlot(i, column)] = value;
  });
  return values;
}
