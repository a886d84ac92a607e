/**
 * The console's funnel analytics (issue 16): the sessions of a variant (started within the date range,
 * of a brand and language, optionally one experiment arm) read from step_snapshots with their leads'
 * verdicts, handed to the pure computation (packages/funnel analytics/funnel-report.ts) with the
 * variant's flow graph. The same queries on SQLite and PostgreSQL.
 */
import {
  addDays,
  computeFunnel,
  flowById,
  type AnalyticsFilters,
  type FunnelQuery,
  type SessionWalk,
} from '@app/funnel';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';

type SnapshotQuery = SelectQueryBuilder<Database, 'step_snapshots', object>;

/** Rows of the sessions the filters select: started (first snapshot) within the days, brand, language. */
function filteredSnapshots(db: Kysely<Database>, filters: AnalyticsFilters): SnapshotQuery {
  let query: SnapshotQuery = db.selectFrom('step_snapshots');
  if (filters.brand) query = query.where('step_snapshots.brand', '=', filters.brand);
  if (filters.language) query = query.where('step_snapshots.language', '=', filters.language);
  const { from, to } = filters;
  if (from !== undefined || to !== undefined) {
    query = query.where('step_snapshots.session', 'in', (eb) => {
      let started = eb.selectFrom('step_snapshots as first').select('first.session').groupBy('first.session');
      if (from) started = started.having((h) => h.fn.min('first.received_at'), '>=', `${from}T00:00:00.000Z`);
      if (to) started = started.having((h) => h.fn.min('first.received_at'), '<', `${addDays(to, 1)}T00:00:00.000Z`);
      return started;
    });
  }
  return query;
}

/** Sessions, leads and qualified leads per variant, most sessions first. */
export async function variantSummaries(db: Kysely<Database>, filters: AnalyticsFilters) {
  const rows = await filteredSnapshots(db, filters)
    .leftJoin('leads', 'leads.id', 'step_snapshots.lead_id')
    .select((eb) => [
      'step_snapshots.variant as variant',
      eb.fn.count<string | number>('step_snapshots.session').distinct().as('sessions'),
      eb.fn.count<string | number>('leads.id').distinct().as('leads'),
      eb.fn
        .count<string | number>(eb.case().when('leads.lead_is_qualified', '=', 'yes').then(eb.ref('leads.id')).end())
        .distinct()
        .as('qualified'),
    ])
    .groupBy('step_snapshots.variant')
    .execute();
  return rows
    .map((r) => ({
      variant: r.variant,
      sessions: Number(r.sessions),
      leads: Number(r.leads),
      qualified: Number(r.qualified),
    }))
    .sort((a, b) => b.sessions - a.sessions || a.variant.localeCompare(b.variant));
}

/** Lead ids are looked up this many at a time (well under either database's parameter limit). */
const LEAD_BATCH = 500;

async function verdicts(db: Kysely<Database>, ids: readonly string[]) {
  const found = new Map<string, { qualified: boolean; dqReason: string }>();
  for (let i = 0; i < ids.length; i += LEAD_BATCH) {
    const rows = await db
      .selectFrom('leads')
      .select(['id', 'lead_is_qualified', 'dq_reason'])
      .where('id', 'in', ids.slice(i, i + LEAD_BATCH))
      .execute();
    for (const r of rows) found.set(r.id, { qualified: r.lead_is_qualified === 'yes', dqReason: r.dq_reason });
  }
  return found;
}

/** One variant's funnel; null when the variant has no flow. */
export async function funnelReport(db: Kysely<Database>, query: FunnelQuery) {
  const flow = flowById(query.variant);
  if (!flow) return null;
  let rows = filteredSnapshots(db, query).where('step_snapshots.variant', '=', query.variant);
  if (query.experiment) rows = rows.where('step_snapshots.experiment_id', '=', query.experiment);
  if (query.arm) rows = rows.where('step_snapshots.arm', '=', query.arm);
  const snapshots = await rows
    .select([
      'step_snapshots.session as session',
      'step_snapshots.step_id as step_id',
      'step_snapshots.step_number as step_number',
      'step_snapshots.ms_on_step as ms_on_step',
      'step_snapshots.lead_id as lead_id',
    ])
    .execute();
  const sessions = new Map<string, { steps: SessionWalk['steps'][number][]; leadId: string }>();
  for (const row of snapshots) {
    const entry = sessions.get(row.session) ?? { steps: [], leadId: '' };
    entry.steps.push({ stepId: row.step_id, stepNumber: Number(row.step_number), msOnStep: Number(row.ms_on_step) });
    if (row.lead_id !== '') entry.leadId = row.lead_id;
    sessions.set(row.session, entry);
  }
  const leads = await verdicts(
    db,
    [...sessions.values()].map((s) => s.leadId).filter((id) => id !== ''),
  );
  const walks: SessionWalk[] = [...sessions.values()].map((s) => {
    const lead = leads.get(s.leadId);
    return {
      steps: s.steps,
      leadPosted: lead !== undefined,
      qualified: lead?.qualified ?? false,
      dqReason: lead?.dqReason ?? '',
    };
  });
  return { variant: flow.id, ...computeFunnel(flow, walks) };
}
