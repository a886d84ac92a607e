/**
 * One lead's auction as the console's lead page shows it (issue 32 "Console"): its status and rounds, every
 * ping's bid or decline and every standing bid, the post of each chosen bid (the delivery job: the buyer's
 * answer and the price posted), the buyers that bought it and what they paid.
 */
import type { LeadAuction } from '@app/funnel';
import type { Kysely } from 'kysely';
import { auctionOf, bidsOf } from '../auction/auction-store';
import type { Database } from '../db/schema';

export async function leadAuction(db: Kysely<Database>, leadId: string): Promise<LeadAuction | null> {
  const auction = await auctionOf(db, leadId);
  if (!auction) return null;
  const bids = await bidsOf(db, leadId);
  const jobs = await db
    .selectFrom('delivery_jobs')
    .select(['id', 'buyer_key', 'status', 'price_cents', 'attempts', 'last_status', 'last_answer', 'reason'])
    .select('finished_at')
    .where('lead_id', '=', leadId)
    .execute();
  const jobById = new Map(jobs.map((job) => [job.id, job]));
  const accepted = jobs.filter((job) => job.status === 'accepted');
  return {
    status: auction.status,
    round: Number(auction.round),
    wanted: Number(auction.wanted),
    reason: auction.reason,
    created_at: auction.created_at,
    decided_at: auction.decided_at,
    bids: bids.map((bid) => {
      const job = bid.job_id === '' ? undefined : jobById.get(bid.job_id);
      return {
        id: bid.id,
        round: Number(bid.round),
        buyer_key: bid.buyer_key,
        kind: bid.kind,
        outcome: bid.outcome,
        decline: bid.decline,
        price_cents: Number(bid.price_cents),
        bid_ref: bid.bid_ref,
        expires_at: bid.expires_at,
        latency_ms: Number(bid.latency_ms),
        http_status: bid.http_status,
        message: bid.message,
        post: job
          ? {
              job_id: job.id,
              status: job.status,
              price_cents: Number(job.price_cents),
              attempts: Number(job.attempts),
              last_status: job.last_status,
              last_answer: job.last_answer,
              reason: job.reason,
              finished_at: job.finished_at,
            }
          : null,
      };
    }),
    winners: accepted.map((job) => job.buyer_key).sort(),
    paid_cents: accepted.reduce((sum, job) => sum + Number(job.price_cents), 0),
  };
}
