/**
 * Per-arm figures of an experiment (issue 16): visitors are the assignments recorded when a visitor was
 * first given an arm; leads and qualified leads are those stored with the arm; revenue is what buyers
 * accepted (the price of each accepted delivery, delivery_jobs.price_cents) for those leads. The
 * statistics are the pure module's (packages/funnel experiments/experiment-stats.ts).
 */
import { armStats, type ArmInput } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { StoredExperiment } from '../experiments/experiment-store';

export async function experimentReport(db: Kysely<Database>, experiment: StoredExperiment) {
  const { config } = experiment;
  const visitors = await db
    .selectFrom('experiment_assignments')
    .select((eb) => ['arm', eb.fn.countAll<string | number>().as('n')])
    .where('experiment_id', '=', config.id)
    .groupBy('arm')
    .execute();
  const leads = await db
    .selectFrom('leads')
    .leftJoin('delivery_jobs', (join) =>
      join.onRef('delivery_jobs.lead_id', '=', 'leads.id').on('delivery_jobs.status', '=', 'accepted'),
    )
    .select((eb) => [
      'leads.arm as arm',
      'leads.id as id',
      'leads.lead_is_qualified as qualified',
      eb.fn.coalesce(eb.fn.sum<string | number | null>('delivery_jobs.price_cents'), eb.lit(0)).as('revenue'),
    ])
    .where('leads.experiment_id', '=', config.id)
    .groupBy(['leads.arm', 'leads.id', 'leads.lead_is_qualified'])
    .execute();
  const inputs: ArmInput[] = config.arms.map((arm) => {
    const mine = leads.filter((l) => l.arm === arm.id);
    const revenues = mine.map((l) => Number(l.revenue));
    return {
      arm: arm.id,
      variant: arm.variant,
      weight: arm.weight,
      visitors: Number(visitors.find((v) => v.arm === arm.id)?.n ?? 0),
      leads: mine.length,
      qualified: mine.filter((l) => l.qualified === 'yes').length,
      revenueCents: revenues.reduce((a, b) => a + b, 0),
      revenueSquaresCents: revenues.reduce((a, b) => a + b * b, 0),
    };
  });
  return { config, updatedAt: experiment.updatedAt, arms: armStats(inputs) };
}
