/**
 * An operator retries a dead delivery (issue 16's console; issue 14 keeps it possible): the job gets a
 * fresh retry window from now, provided its lead may still go to that buyer, i.e. the contact is not a
 * duplicate there now and the buyer's cap has room; both are taken again before the job is queued.
 */
import type { BuyerConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import { isSuppressed } from '../db/suppression-store';
import type { LookupKeys } from '../db/lookup-keys';
import type { Database } from '../db/schema';
import { reserveCapPlaces } from './cap-usage';
import { claimContacts, contactKeys } from './contact-claims';
import { getJob, type DeliveryJob } from './delivery-jobs-store';
import { contactOf, loadDeliveryLead } from './delivery-lead';
import type { DeliveryQueue } from './job-queue';

export type RetryJobResult = { ok: true; job: DeliveryJob } | { ok: false; reason: string };

export async function retryDeadJob(
  db: Kysely<Database>,
  input: {
    jobId: string;
    buyer: (key: string) => Promise<BuyerConfig | undefined>;
    queue: DeliveryQueue;
    now: Date;
    retryWindowMs: number;
    duplicateWindowDays: number;
    keys: LookupKeys;
  },
): Promise<RetryJobResult> {
  const job = await getJob(db, input.jobId);
  if (!job) return { ok: false, reason: 'no such job' };
  if (job.status !== 'dead') return { ok: false, reason: `the job is ${job.status}, not dead` };
  const buyer = await input.buyer(job.buyer_key);
  if (!buyer) return { ok: false, reason: `buyer ${job.buyer_key} is not configured` };
  const lead = await loadDeliveryLead(db, job);
  if (!lead) return { ok: false, reason: 'the lead is anonymized or no longer stored' };
  const contact = contactOf(lead);
  if (await isSuppressed(db, contact)) return { ok: false, reason: 'the contact is suppressed' };

  return db
    .transaction()
    .execute(async (trx): Promise<RetryJobResult> => {
      const windowDays = buyer.duplicateWindowDays ?? input.duplicateWindowDays;
      const keys = contactKeys(input.keys, contact);
      if (!(await claimContacts(trx, { buyerKey: buyer.key, keys, leadId: job.lead_id, now: input.now, windowDays }))) {
        return { ok: false, reason: 'the buyer has this contact from another lead within its duplicate window' };
      }
      const places = await reserveCapPlaces(trx, buyer, input.now);
      if (!places) throw new CapFullError();
      const at = input.now.toISOString();
      const updated = await trx
        .updateTable('delivery_jobs')
        .set({
          status: 'queued',
          reason: '',
          next_attempt_at: at,
          deadline_at: new Date(input.now.getTime() + input.retryWindowMs).toISOString(),
          cap_day: places.day,
          cap_month: places.month,
          finished_at: null,
          updated_at: at,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'dead')
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new CapFullError('the job changed meanwhile');
      await input.queue.enqueue(trx, [{ id: job.id, runAt: input.now }]);
      return { ok: true, job: updated };
    })
    .catch((error: unknown) => {
      // Rolled back: the claims and places taken above are given back with it.
      if (error instanceof CapFullError) return { ok: false, reason: error.message };
      throw error;
    });
}

class CapFullError extends Error {
  constructor(message = 'the buyer’s cap is full for this period') {
    super(message);
  }
}
