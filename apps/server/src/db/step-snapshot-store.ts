/**
 * Issue 16: the survey's step snapshots (api/progress-snapshot.ts) as one row per session and step, read
 * by the console's funnel analytics. The page says which step and how long; the server says under which
 * variant, brand, language and experiment arm (never the page). A step already stored for a session keeps
 * its first row: the page re-posts its pending list until a call succeeds (§8), and a re-post must not
 * count twice.
 */
import type { StepSnapshot } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** What the server read off the request for every snapshot of one call. */
export interface SnapshotReading {
  variant: string;
  brand: string;
  language: string;
  landingPath: string;
  experimentId: string;
  arm: string;
}

export async function saveStepSnapshots(
  db: Kysely<Database>,
  input: {
    session: string;
    snapshots: readonly { snapshot: StepSnapshot; reading: SnapshotReading }[];
    receivedAt: Date;
  },
): Promise<{ stored: number }> {
  if (input.snapshots.length === 0) return { stored: 0 };
  const rows = input.snapshots.map(({ snapshot, reading }) => ({
    session: input.session,
    step_id: snapshot.step_id,
    step_number: snapshot.step_number,
    ms_on_step: snapshot.ms_on_step,
    variant: reading.variant,
    brand: reading.brand,
    language: reading.language,
    landing_path: reading.landingPath,
    experiment_id: reading.experimentId,
    arm: reading.arm,
    lead_id: snapshot.lead_id ?? '',
    received_at: input.receivedAt.toISOString(),
  }));
  // One list may name a step twice (Back, then forward again): its first entry stands, as for a re-post.
  const unique = rows.filter((row, i) => rows.findIndex((r) => r.step_id === row.step_id) === i);
  const inserted = await db
    .insertInto('step_snapshots')
    .values(unique)
    .onConflict((oc) => oc.columns(['session', 'step_id']).doNothing())
    .returning('step_id')
    .execute();
  // A snapshot that names the lead after an earlier one of its session did not: the session's rows learn it.
  const leadId = unique.find((r) => r.lead_id !== '')?.lead_id;
  if (leadId) {
    await db
      .updateTable('step_snapshots')
      .set({ lead_id: leadId })
      .where('session', '=', input.session)
      .where('lead_id', '=', '')
      .execute();
  }
  return { stored: inserted.length };
}
