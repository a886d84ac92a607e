/**
 * Experiments in the database (issue 16): each configuration as JSON, validated on the way in and again
 * on the way out (a row edited by hand that no longer validates is reported, never served), and the
 * assignment of each visitor, recorded once.
 */
import { ExperimentConfigSchema, resolveRoute, type ExperimentConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import { parseJson } from '../db/parse-json';
import type { Database } from '../db/schema';

export interface StoredExperiment {
  config: ExperimentConfig;
  createdAt: string;
  updatedAt: string;
}

export type SaveExperimentResult = { ok: true; experiment: StoredExperiment } | { ok: false; problems: Problem[] };
interface Problem {
  field: string;
  message: string;
}

function storedOf(row: { config: string; created_at: string; updated_at: string }): StoredExperiment | null {
  const parsed = ExperimentConfigSchema.safeParse(parseJson(row.config));
  return parsed.success ? { config: parsed.data, createdAt: row.created_at, updatedAt: row.updated_at } : null;
}

/** Every experiment whose stored configuration still validates, newest first. */
export async function listExperiments(db: Kysely<Database>): Promise<StoredExperiment[]> {
  const rows = await db.selectFrom('experiments').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(storedOf).filter((e): e is StoredExperiment => e !== null);
}

export async function getExperiment(db: Kysely<Database>, id: string): Promise<StoredExperiment | null> {
  const row = await db.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? storedOf(row) : null;
}

/**
 * Creates or replaces an experiment. Refused: a configuration that fails the schema, and a running one on
 * a path another running experiment already decides (a visitor can be on one arm of a path only).
 */
export async function saveExperiment(db: Kysely<Database>, input: unknown, now: Date): Promise<SaveExperimentResult> {
  const parsed = ExperimentConfigSchema.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'experiment', message: i.message })),
    };
  }
  const config = parsed.data;
  return db.transaction().execute(async (trx): Promise<SaveExperimentResult> => {
    if (config.status === 'running') {
      const others = (await listExperiments(trx)).filter(
        (e) => e.config.id !== config.id && e.config.status === 'running',
      );
      const clash = others.find((e) => samePath(e.config.path, config.path));
      if (clash) {
        return {
          ok: false,
          problems: [{ field: 'path', message: `Experiment ${clash.config.id} already runs on ${clash.config.path}` }],
        };
      }
      // An arm removed from a running experiment would strand its visitors: they keep their arm.
      const before = await getExperiment(trx, config.id);
      const dropped = before?.config.arms.filter((arm) => !config.arms.some((a) => a.id === arm.id)) ?? [];
      const stranded = [];
      for (const arm of dropped) {
        const has = await trx
          .selectFrom('experiment_assignments')
          .select('visitor_id')
          .where('experiment_id', '=', config.id)
          .where('arm', '=', arm.id)
          .executeTakeFirst();
        if (has) stranded.push(arm.id);
      }
      if (stranded.length > 0) {
        return {
          ok: false,
          problems: stranded.map((arm) => ({
            field: 'arms',
            message: `Arm ${arm} has visitors: set its weight to 0 to stop it instead of removing it`,
          })),
        };
      }
    }
    const at = now.toISOString();
    await trx
      .insertInto('experiments')
      .values({ id: config.id, config: JSON.stringify(config), status: config.status, created_at: at, updated_at: at })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({ config: JSON.stringify(config), status: config.status, updated_at: at }),
      )
      .execute();
    const saved = await getExperiment(trx, config.id);
    if (!saved) throw new Error(`experiment ${config.id} not found after saving it`);
    return { ok: true, experiment: saved };
  });
}

/** Two paths of one route (/surveyv4nv and /surveyv4nv/x) are one page. */
function samePath(a: string, b: string): boolean {
  return resolveRoute(a) === resolveRoute(b);
}

/** Records a visitor's arm; a second call for the same visitor keeps the first. */
export async function recordAssignment(
  db: Kysely<Database>,
  assignment: { experimentId: string; visitorId: string; arm: string; at: Date },
): Promise<void> {
  await db
    .insertInto('experiment_assignments')
    .values({
      experiment_id: assignment.experimentId,
      visitor_id: assignment.visitorId,
      arm: assignment.arm,
      assigned_at: assignment.at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['experiment_id', 'visitor_id']).doNothing())
    .execute();
}
