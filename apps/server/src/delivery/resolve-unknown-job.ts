/**
 * Issue 31: an operator resolves a job whose outcome is unknown (delivery/outcome-unknown.ts in the domain),
 * having asked the buyer where it allows:
 * - delivered: the buyer has the lead; the job ends accepted (its contact claim and cap place kept);
 * - not_delivered: it does not; the job ends dead (claim and place given back), and may be retried;
 * - resend: send it again now, with a fresh retry window, knowing the buyer may buy it twice.
 * The console records who decided (routes/console/register-console.ts).
 */
import type { UnknownOutcomeResolution } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { releaseCapPlaces } from './cap-usage';
import { releaseContacts } from './contact-claims';
import { getJob, type DeliveryJob } from './delivery-jobs-store';
import type { DeliveryQueue } from './job-queue';

export type ResolveJobResult = { ok: true; job: DeliveryJob } | { ok: false; reason: string };

const REASONS: Record<UnknownOutcomeResolution, string> = {
  delivered: 'an operator marked it delivered (the buyer has the lead)',
  not_delivered: 'an operator marked it not delivered (the buyer does not have the lead)',
  resend: '',
};

export async function resolveUnknownJob(
  db: Kysely<Database>,
  input: {
    jobId: string;
    resolution: UnknownOutcomeResolution;
    queue: DeliveryQueue;
    now: Date;
    retryWindowMs: number;
  },
): Promise<ResolveJobResult> {
  const job = await getJob(db, input.jobId);
  if (!job) return { ok: false, reason: 'no such job' };
  if (job.status !== 'outcome_unknown') return { ok: false, reason: `the job is ${job.status}, not outcome_unknown` };
  const at = input.now.toISOString();
  return db.transaction().execute(async (trx): Promise<ResolveJobResult> => {
    const base = trx
      .updateTable('delivery_jobs')
      .where('id', '=', job.id)
      .where('status', '=', 'outcome_unknown')
      .returningAll();
    const updated =
      input.resolution === 'resend'
        ? await base
            .set({
              status: 'queued',
              reason: '',
              next_attempt_at: at,
              deadline_at: new Date(input.now.getTime() + input.retryWindowMs).toISOString(),
              updated_at: at,
            })
            .executeTakeFirst()
        : await base
            .set({
              status: input.resolution === 'delivered' ? 'accepted' : 'dead',
              reason: REASONS[input.resolution],
              finished_at: at,
              updated_at: at,
            })
            .executeTakeFirst();
    if (!updated) return { ok: false, reason: 'the job changed meanwhile' };
    if (input.resolution === 'resend') await input.queue.enqueue(trx, [{ id: job.id, runAt: input.now }]);
    if (input.resolution === 'not_delivered') {
      await releaseContacts(trx, { buyerKey: job.buyer_key, leadId: job.lead_id });
      await releaseCapPlaces(trx, { buyerKey: job.buyer_key, day: job.cap_day, month: job.cap_month });
    }
    return { ok: true, job: updated };
  });
}
