/**
 * Deciding an auction and carrying it on after a refusal (issue 32 "Choose", "Post";
 * docs/decisions/0031-ping-post-auction.md). Both run in one transaction with the jobs they write, so a
 * crash leaves either the decision and its jobs or neither:
 * - decideAuction, after the pings: records every bid and decline, ranks the offers above their floors, and
 *   posts the best ones the routing rule wants (exclusive: one; shared: up to N);
 * - advanceAuctions, when a post ends without a sale (refused, duplicate, dead, outcome unknown): the next
 *   offer of the same round still holding, to a buyer that has not had the lead, then the direct-post
 *   buyers' standing bids; none left: the auction is unsold and the lead is not_sent (re-routable).
 */
import { randomUUID } from 'node:crypto';
import {
  compareOffers,
  nextOffer,
  rankOffers,
  type BuyerConfig,
  type LeadFields,
  type Offer,
  type PingDecline,
} from '@app/funnel';
import type { Insertable, Kysely } from 'kysely';
import type { AuctionBidsTable, Database, DeliveryStatus } from '../db/schema';
import type { LookupKeys } from '../db/lookup-keys';
import { contactKeys } from '../delivery/contact-claims';
import { factsForJobs, readLeadFacts, type DeliveryFacts, type LeadFacts } from '../delivery/delivery-facts';
import { contactOf, deliveryLeadOf } from '../delivery/delivery-lead';
import { normalizedContact, suppressionSelect } from '../db/suppression-store';
import type { QueuedJob } from '../delivery/job-queue';
import type { DeliveryJob } from '../delivery/delivery-jobs-store';
import type { RoutingSettings } from '../delivery/route-lead';
import type { Auction } from './auction-store';
import type { PingResult } from './ping-buyers';
import { postBid, type BidToPost } from './post-bid';

/** Why a buyer eligible by its rules was not pinged (issue 32: a buyer that cannot take the lead never is). */
export type NotPinged = 'cap_reached' | 'duplicate';

export interface SaleContext {
  buyers: (key: string) => BuyerConfig | undefined;
  keys: LookupKeys;
  settings: RoutingSettings;
  /** AUCTION_FLOOR in cents: no ping bid below it is taken. */
  operatorFloorCents: number;
  now: Date;
  /**
   * Posts this process's delivery worker takes at once (slots it kept free): the first `slots` jobs are written
   * taken, their lease until `until` (post-bid.ts); the others are queued.
   */
  claim?: { slots: number; until: Date };
}

/** The jobs a sale wrote: queued (for the queue), or already taken by this process's delivery worker. */
export interface SaleJobs {
  jobs: QueuedJob[];
  claimed: DeliveryJob[];
}

/** Jobs that still hold a sale: sent, being sent, or accepted. */
const HOLDING: readonly DeliveryStatus[] = ['queued', 'retrying', 'sending', 'accepted'];

function text(lead: LeadFields, field: string): string {
  const value = lead[field];
  return typeof value === 'string' ? value : '';
}

/** Posts the best offers still holding until the rule has its buyers; returns the jobs written. */
async function postUntilWanted(
  trx: Kysely<Database>,
  input: {
    auction: Auction;
    lead: LeadFields;
    ranked: readonly BidToPost[];
    taken: Set<string>;
    holding: number;
    context: SaleContext;
  },
): Promise<SaleJobs> {
  const { context } = input;
  const jobs: QueuedJob[] = [];
  const claimed: DeliveryJob[] = [];
  const keys = contactKeys(context.keys, { email: text(input.lead, 'email'), phone: text(input.lead, 'phone') });
  let holding = input.holding;
  const offers = input.ranked.map((b) => b.offer);
  while (holding < input.auction.wanted) {
    const offer = nextOffer(offers, input.taken, context.now);
    if (offer === undefined) break;
    input.taken.add(offer.buyerKey);
    const bid = input.ranked.find((b) => b.offer === offer);
    const buyer = context.buyers(offer.buyerKey);
    if (bid === undefined || buyer === undefined || !buyer.active) continue;
    const posted = await postBid(trx, {
      bid,
      buyer,
      leadId: input.auction.lead_id,
      source: input.auction.lead_source,
      contactKeys: keys,
      duplicateWindowDays: context.settings.duplicateWindowDays,
      retryWindowMs: context.settings.retryWindowMs,
      now: context.now,
      ...(context.claim && claimed.length < context.claim.slots ? { claimedUntil: context.claim.until } : {}),
    });
    if (!posted.ok) {
      await trx
        .updateTable('auction_bids')
        .set({ message: `not posted: ${posted.reason}` })
        .where('id', '=', bid.bidId)
        .execute();
      continue;
    }
    if (posted.claimed) claimed.push(posted.claimed);
    else jobs.push({ id: posted.jobId, runAt: context.now });
    holding += 1;
  }
  return { jobs, claimed };
}

/** The auction ends unsold: the lead is not_sent, routable again once buyers change. */
async function endUnsold(trx: Kysely<Database>, auction: Auction, reason: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
    .updateTable('auctions')
    .set({ status: 'unsold', reason, lease_until: null, decided_at: at, updated_at: at })
    .where('lead_id', '=', auction.lead_id)
    .execute();
  await trx
    .updateTable('lead_routing')
    .set({ outcome: 'not_sent', reason: 'auction_unsold', decided_at: at })
    .where('lead_id', '=', auction.lead_id)
    .execute();
}

export interface AuctionDecision extends SaleJobs {
  /** false: another worker took the auction over meanwhile (this one outlived its lease): nothing written. */
  decided: boolean;
  /**
   * The lead as it is now (undefined: anonymized or deleted since) and whether its contact is suppressed now,
   * read by the decision's first statement: the posts it hands this process's worker leave without a read.
   */
  facts: LeadFacts;
}

export async function decideAuction(
  trx: Kysely<Database>,
  input: {
    auction: Auction;
    lead: LeadFields;
    pings: readonly PingResult[];
    standing: readonly BuyerConfig[];
    notPinged: readonly { buyer: string; reason: NotPinged }[];
    context: SaleContext;
    /** Why nothing was offered, when the runner knew before pinging (the lead deleted or not sendable). */
    notOffered?: string;
  },
): Promise<AuctionDecision> {
  const { auction, context } = input;
  const at = context.now.toISOString();
  // The round's guard and its outcome in one statement: written decided now, and unsold below if nothing
  // sells (one transaction: no one sees the first). It reads the lead as it is now and its suppression: the
  // facts of the posts handed over (delivery-facts.ts).
  const contact = normalizedContact(contactOf(input.lead));
  const suppression = suppressionSelect(trx, contact.email, contact.phone);
  const mine = await trx
    .updateTable('auctions')
    .set({ status: 'decided', lease_until: null, decided_at: at, reason: '', updated_at: at })
    .where('lead_id', '=', auction.lead_id)
    .where('round', '=', auction.round)
    .where('status', '=', 'pinging')
    .returning((eb) => [
      'lead_id',
      eb
        .selectFrom('leads')
        .select('lead')
        .where('leads.id', '=', auction.lead_id)
        .where('anonymized_at', 'is', null)
        .as('lead_now'),
      (suppression === null ? eb.val(0) : eb.case().when(eb.exists(suppression)).then(1).else(0).end()).as(
        'suppressed_now',
      ),
    ])
    .executeTakeFirst();
  const facts: LeadFacts = {
    leads: new Map([[auction.lead_id, deliveryLeadOf(mine?.lead_now ?? null)]]),
    suppressed: new Set(Number(mine?.suppressed_now) === 1 ? [auction.lead_id] : []),
  };
  if (!mine) return { decided: false, jobs: [], claimed: [], facts };

  const rows: Insertable<AuctionBidsTable>[] = [];
  const offers: BidToPost[] = [];
  const row = (buyer: string, fields: Partial<Insertable<AuctionBidsTable>>): Insertable<AuctionBidsTable> => ({
    id: randomUUID(),
    lead_id: auction.lead_id,
    round: auction.round,
    buyer_key: buyer,
    kind: 'ping',
    outcome: 'declined',
    // Every column named: a multi-row insert on SQLite writes NULL, not the default, for one left out.
    decline: '',
    price_cents: 0,
    bid_ref: '',
    expires_at: null,
    latency_ms: 0,
    http_status: null,
    message: '',
    job_id: '',
    created_at: at,
    ...fields,
  });
  for (const ping of input.pings) {
    const { verdict } = ping;
    const timing = { latency_ms: Math.round(ping.latencyMs), http_status: ping.httpStatus };
    if (verdict.kind === 'declined') {
      rows.push(row(ping.buyer.key, { ...timing, decline: verdict.reason, message: verdict.message.slice(0, 200) }));
      continue;
    }
    const expiresAt = new Date(ping.answeredAt.getTime() + verdict.validForMs).toISOString();
    const offer: Offer = {
      buyerKey: ping.buyer.key,
      kind: 'ping',
      priceCents: verdict.priceCents,
      priority: ping.buyer.priority,
      expiresAt,
    };
    const bidRow = row(ping.buyer.key, {
      ...timing,
      outcome: 'bid',
      price_cents: verdict.priceCents,
      bid_ref: verdict.bidRef.slice(0, 200),
      expires_at: expiresAt,
      message: verdict.message.slice(0, 200),
    });
    rows.push(bidRow);
    offers.push({ offer, bidId: bidRow.id, bidRef: bidRow.bid_ref ?? '' });
  }
  for (const buyer of input.standing) {
    const priceCents = Math.round(buyer.price * 100);
    const bidRow = row(buyer.key, { kind: 'standing', outcome: 'bid', price_cents: priceCents });
    rows.push(bidRow);
    offers.push({
      offer: { buyerKey: buyer.key, kind: 'standing', priceCents, priority: buyer.priority, expiresAt: null },
      bidId: bidRow.id,
      bidRef: '',
    });
  }
  for (const skipped of input.notPinged) rows.push(row(skipped.buyer, { decline: skipped.reason }));

  const floors = {
    operatorCents: context.operatorFloorCents,
    buyerCents: (key: string) => Math.round((context.buyers(key)?.ping?.floor ?? 0) * 100),
  };
  const { ranked, belowFloor } = rankOffers(
    offers.map((o) => o.offer),
    floors,
  );
  const below: PingDecline = 'below_floor';
  for (const offer of belowFloor) {
    const bid = offers.find((o) => o.offer === offer);
    const bidRow = rows.find((r) => r.id === bid?.bidId);
    if (bidRow) {
      bidRow.outcome = 'declined';
      bidRow.decline = below;
    }
  }
  if (rows.length > 0) await trx.insertInto('auction_bids').values(rows).execute();

  const byOffer = new Map(offers.map((o) => [o.offer, o]));
  const rankedBids = ranked.flatMap((offer) => byOffer.get(offer) ?? []);
  const sale = await postUntilWanted(trx, {
    auction,
    lead: input.lead,
    ranked: rankedBids,
    taken: new Set(),
    holding: 0,
    context,
  });
  if (sale.jobs.length + sale.claimed.length === 0) {
    const reason =
      input.notOffered ?? (ranked.length === 0 ? 'no bid at or above the floor' : 'no bidder could take the lead');
    await endUnsold(trx, auction, reason, context.now);
  }
  return { decided: true, ...sale, facts };
}

/** The next bids of a batch's leads, and those leads' facts given to the jobs this worker took. */
export interface AdvancedSale extends SaleJobs {
  facts: DeliveryFacts;
}

/**
 * Posts of auctions' leads ended without a sale: each lead's next offer of the round that decided it. Runs in the
 * transaction that records the posts' outcomes, for the whole batch: the auctions, their jobs, the leads (with
 * their suppression) and the bids are read once for all of them (issue 32: under load, one lead at a time
 * made the unsold outcomes' commits the slowest part of a sale), then each lead's posts are written in turn.
 * Returns the jobs written: taken by the recording worker while `context.claim` has slots (sent at once, with
 * their facts), queued otherwise.
 */
export async function advanceAuctions(
  trx: Kysely<Database>,
  input: { leadIds: readonly string[]; context: SaleContext },
): Promise<AdvancedSale> {
  const { context } = input;
  const claim = context.claim ?? { slots: 0, until: context.now };
  const sale: AdvancedSale = { jobs: [], claimed: [], facts: { leads: new Map(), suppressed: new Set() } };
  if (input.leadIds.length === 0) return sale;
  const auctions = await trx
    .selectFrom('auctions')
    .selectAll()
    .where('lead_id', 'in', [...input.leadIds])
    .where('status', '=', 'decided')
    .execute();
  if (auctions.length === 0) return sale;
  const jobs = await trx
    .selectFrom('delivery_jobs')
    .select(['lead_id', 'buyer_key', 'status'])
    .where(
      'lead_id',
      'in',
      auctions.map((a) => a.lead_id),
    )
    .execute();
  const jobsOf = (leadId: string) => jobs.filter((j) => j.lead_id === leadId);
  const holdingOf = (leadId: string) => jobsOf(leadId).filter((j) => HOLDING.includes(j.status)).length;
  const open = auctions.filter((a) => holdingOf(a.lead_id) < a.wanted);
  if (open.length === 0) return sale;
  const facts = await readLeadFacts(trx, open);
  // The lead was deleted or anonymized meanwhile: nothing more is sold.
  const selling = open.filter((a) => facts.leads.get(a.lead_id) !== undefined);
  const bids =
    selling.length === 0
      ? []
      : await trx
          .selectFrom('auction_bids')
          .selectAll()
          .where(
            'lead_id',
            'in',
            selling.map((a) => a.lead_id),
          )
          .where('outcome', '=', 'bid')
          .execute();
  for (const auction of open) {
    const lead = facts.leads.get(auction.lead_id);
    if (lead === undefined) continue;
    const holding = holdingOf(auction.lead_id);
    const ranked: BidToPost[] = bids
      .filter((b) => b.lead_id === auction.lead_id && b.round === auction.round)
      .map((b) => ({
        offer: {
          buyerKey: b.buyer_key,
          kind: b.kind,
          priceCents: b.price_cents,
          priority: context.buyers(b.buyer_key)?.priority ?? 0,
          expiresAt: b.expires_at,
        },
        bidId: b.id,
        bidRef: b.bid_ref,
      }))
      // Floors were applied when the auction was decided: a bid below one is stored as declined.
      .sort((a, b) => compareOffers(a.offer, b.offer));
    // The worker's kept slots, shared out in turn: each lead's next bid takes what is left.
    const next = await postUntilWanted(trx, {
      auction,
      lead,
      ranked,
      taken: new Set(jobsOf(auction.lead_id).map((j) => j.buyer_key)),
      holding,
      context: { ...context, claim: { ...claim, slots: claim.slots - sale.claimed.length } },
    });
    sale.jobs.push(...next.jobs);
    sale.claimed.push(...next.claimed);
    // A post whose outcome is unknown may have sold the lead: the auction stays decided for the operator.
    const posted = next.jobs.length + next.claimed.length;
    if (posted === 0 && holding === 0 && !jobsOf(auction.lead_id).some((j) => j.status === 'outcome_unknown')) {
      await endUnsold(trx, auction, 'every bid still holding was refused at post', context.now);
    }
  }
  sale.facts = factsForJobs(facts, sale.claimed);
  return sale;
}
