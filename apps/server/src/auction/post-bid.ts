/**
 * Turning a chosen offer into a sale in progress (issue 32 "Choose", "Post"): the buyer's duplicate window
 * and cap are taken exactly as a direct post takes them (contact-claims.ts, cap-usage.ts; the cap last), and a
 * delivery job carries the lead to the buyer at the offer's price with the bid's ids. Runs inside the caller's
 * transaction; a buyer that already has the lead (unique lead and buyer of delivery_jobs) is never posted to.
 */
import { randomUUID } from 'node:crypto';
import type { BuyerConfig, Offer } from '@app/funnel';
import type { Kysely, QueryCreator } from 'kysely';
import type { Database, LeadSource } from '../db/schema';
import type { DeliveryJob } from '../delivery/delivery-jobs-store';
import { capPlacesOf, capsClosed, reserveCapPlaces } from '../delivery/cap-usage';
import { claimContacts, releaseContacts } from '../delivery/contact-claims';
import { runsWritesInWith } from '../db/db-dialect';

export interface BidToPost {
  offer: Offer;
  /** Our id of the bid row, and the buyer's own id of the bid. */
  bidId: string;
  bidRef: string;
}

export type PostBidResult =
  { ok: true; jobId: string; claimed: DeliveryJob | undefined } | { ok: false; reason: 'duplicate' | 'cap_reached' };

export async function postBid(
  trx: Kysely<Database>,
  input: {
    bid: BidToPost;
    buyer: BuyerConfig;
    leadId: string;
    source: LeadSource;
    contactKeys: readonly string[];
    duplicateWindowDays: number;
    retryWindowMs: number;
    now: Date;
    /**
     * The job is written already taken by this process's delivery worker, its lease until then (issue 32: the
     * winner's post leaves at once, not after a queue's round trip); a crash leaves it to be taken over once
     * the lease is over, as any job being sent.
     */
    claimedUntil?: Date;
  },
): Promise<PostBidResult> {
  const { buyer, now, bid } = input;
  const windowDays = buyer.duplicateWindowDays ?? input.duplicateWindowDays;
  const claimed = await claimContacts(trx, {
    buyerKey: buyer.key,
    keys: input.contactKeys,
    leadId: input.leadId,
    now,
    windowDays,
  });
  if (!claimed) return { ok: false, reason: 'duplicate' };
  if (capsClosed(buyer)) {
    await releaseContacts(trx, { buyerKey: buyer.key, leadId: input.leadId });
    return { ok: false, reason: 'cap_reached' };
  }
  const places = capPlacesOf(buyer, now);
  const at = now.toISOString();
  // A ping bid is posted while it holds: its retries end when it expires (then the next bid is posted).
  const windowEnd = now.getTime() + input.retryWindowMs;
  const expires = bid.offer.expiresAt === null ? windowEnd : Math.min(windowEnd, Date.parse(bid.offer.expiresAt));
  const id = randomUUID();
  const { claimedUntil } = input;
  const job = {
    id,
    lead_id: input.leadId,
    lead_source: input.source,
    buyer_key: buyer.key,
    ...(claimedUntil === undefined
      ? { status: 'queued' as const, lease_until: null }
      : { status: 'sending' as const, lease_until: claimedUntil.toISOString(), attempts: 1 }),
    price_cents: bid.offer.priceCents,
    created_at: at,
    updated_at: at,
    next_attempt_at: at,
    deadline_at: new Date(expires).toISOString(),
    cap_day: places.day,
    cap_month: places.month,
    last_status: null,
    finished_at: null,
    bid_id: bid.bidId,
    bid_ref: bid.bidRef,
  };
  // The job, and the bid naming it: on PostgreSQL in one statement (a data-modifying WITH, one round trip).
  const bidNamesJob = (qc: QueryCreator<Database>) =>
    qc.updateTable('auction_bids').set({ job_id: id }).where('id', '=', bid.bidId);
  let row: DeliveryJob;
  if (runsWritesInWith(trx)) {
    row = await trx
      .with('bid', (qc) => bidNamesJob(qc).returning('id'))
      .insertInto('delivery_jobs')
      .values(job)
      .returningAll()
      .executeTakeFirstOrThrow();
  } else {
    row = await trx.insertInto('delivery_jobs').values(job).returningAll().executeTakeFirstOrThrow();
    await bidNamesJob(trx).execute();
  }
  // The cap's places last (cap-usage.ts: the busiest rows of a sale, locked until the commit). A full cap,
  // rare, undoes the job and the claim written above.
  if ((await reserveCapPlaces(trx, buyer, now)) === null) {
    await trx.deleteFrom('delivery_jobs').where('id', '=', id).execute();
    await trx.updateTable('auction_bids').set({ job_id: '' }).where('id', '=', bid.bidId).execute();
    await releaseContacts(trx, { buyerKey: buyer.key, leadId: input.leadId });
    return { ok: false, reason: 'cap_reached' };
  }
  return { ok: true, jobId: id, claimed: claimedUntil === undefined ? undefined : row };
}
