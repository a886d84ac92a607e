/**
 * Buyers in the database (issue 14: "Buyers live in the database, editable later from the console,
 * seeded from a configuration file validated at start"). Every write goes through BuyerConfigSchema,
 * the same schema the file is checked with, so an operator's edit is refused for the same reasons.
 *
 * Seeding: a buyer in the file and not in the database is added; one the file wrote last is updated
 * to the file; one an operator edited since is left as the operator made it (and reported). Issue 30: a
 * buyer the file (or the environment) wrote that it no longer names is left as it is and reported as
 * unlisted: an instance started with another buyers file, or none, on the fleet's database must not stop
 * the sales of every instance. Only BUYERS_FILE_DEACTIVATES_UNLISTED=on deactivates them, never deleting
 * one (its deliveries stay).
 */
import { BuyerConfigSchema, type BuyerConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import { parseJson } from '../db/parse-json';
import type { BuyersTable, Database } from '../db/schema';
import { buyerProblems, type BuyerCheckContext, type BuyerProblem } from './buyer-checks';

export type BuyerSource = BuyersTable['source'];

export interface StoredBuyer {
  config: BuyerConfig;
  source: BuyerSource;
  createdAt: string;
  updatedAt: string;
}

export interface SeedReport {
  added: string[];
  updated: string[];
  /** Edited by an operator and different from the file: the operator's version is kept. */
  keptOperatorEdits: string[];
  /** Active buyers the file wrote before and no longer names, left active (issue 30). */
  unlisted: string[];
  /** The same, deactivated: only with BUYERS_FILE_DEACTIVATES_UNLISTED=on. */
  deactivated: string[];
}

function toStored(row: BuyersTable): StoredBuyer {
  return {
    // Only ever written through the schema; parsing again keeps a hand-edited row from going unchecked.
    config: BuyerConfigSchema.parse(parseJson(row.config)),
    source: row.source,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listBuyers(db: Kysely<Database>): Promise<StoredBuyer[]> {
  const rows = await db.selectFrom('buyers').selectAll().orderBy('key').execute();
  return rows.map(toStored);
}

export async function getBuyer(db: Kysely<Database>, key: string): Promise<StoredBuyer | undefined> {
  const row = await db.selectFrom('buyers').selectAll().where('key', '=', key).executeTakeFirst();
  return row && toStored(row);
}

async function writeBuyer(db: Kysely<Database>, config: BuyerConfig, source: BuyerSource, now: Date): Promise<void> {
  const at = now.toISOString();
  const values = {
    name: config.name,
    active: config.active ? 1 : 0,
    config: JSON.stringify(config),
    source,
    updated_at: at,
  };
  await db
    .insertInto('buyers')
    .values({ key: config.key, created_at: at, ...values })
    .onConflict((oc) => oc.column('key').doUpdateSet(values))
    .execute();
}

/** Refused: each problem by the path of its field, the schema's and the further checks' alike (issue 29). */
export type SaveBuyerResult = { ok: true; buyer: BuyerConfig } | { ok: false; problems: BuyerProblem[] };

/**
 * An operator's new or edited buyer (the console): checked with the file's schema and the file's further
 * checks (buyer-checks.ts, issue 29: one validator for both), then stored.
 */
export async function saveBuyer(
  db: Kysely<Database>,
  input: unknown,
  now: Date,
  checks: BuyerCheckContext,
): Promise<SaveBuyerResult> {
  const parsed = BuyerConfigSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(body)', message: i.message }));
    return { ok: false, problems };
  }
  const problems = buyerProblems(parsed.data, checks);
  if (problems.length > 0) return { ok: false, problems };
  await writeBuyer(db, parsed.data, 'operator', now);
  return { ok: true, buyer: parsed.data };
}

/** Pauses (false) or resumes (true) a buyer: a paused buyer gets no new leads and its queued ones wait. */
export async function setBuyerActive(db: Kysely<Database>, key: string, active: boolean, now: Date): Promise<boolean> {
  const stored = await getBuyer(db, key);
  if (!stored) return false;
  await writeBuyer(db, { ...stored.config, active }, 'operator', now);
  return true;
}

const same = (a: BuyerConfig, b: BuyerConfig) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Brings the database in line with the buyers file (and the environment's lead-ingest buyer), as the
 * header says. `environment` buyers are rewritten on every start; when no longer set, they are unlisted
 * like the file's.
 */
export async function seedBuyers(
  db: Kysely<Database>,
  seed: { file: readonly BuyerConfig[]; environment: readonly BuyerConfig[]; deactivateUnlisted?: boolean },
  now: Date,
): Promise<SeedReport> {
  const report: SeedReport = { added: [], updated: [], keptOperatorEdits: [], unlisted: [], deactivated: [] };
  const existing = new Map((await listBuyers(db)).map((b) => [b.config.key, b]));
  const incoming: [BuyerConfig, BuyerSource][] = [
    ...seed.file.map((b): [BuyerConfig, BuyerSource] => [b, 'file']),
    ...seed.environment.map((b): [BuyerConfig, BuyerSource] => [b, 'environment']),
  ];
  for (const [config, source] of incoming) {
    const stored = existing.get(config.key);
    if (!stored) {
      await writeBuyer(db, config, source, now);
      report.added.push(config.key);
    } else if (stored.source === 'operator' && source === 'file') {
      if (!same(stored.config, config)) report.keptOperatorEdits.push(config.key);
    } else if (!same(stored.config, config) || stored.source !== source) {
      await writeBuyer(db, config, source, now);
      report.updated.push(config.key);
    }
  }
  const seeded = new Set(incoming.map(([config]) => config.key));
  for (const stored of existing.values()) {
    if (stored.source !== 'operator' && !seeded.has(stored.config.key) && stored.config.active) {
      if (seed.deactivateUnlisted === true) {
        await writeBuyer(db, { ...stored.config, active: false }, stored.source, now);
        report.deactivated.push(stored.config.key);
      } else {
        report.unlisted.push(stored.config.key);
      }
    }
  }
  return report;
}
