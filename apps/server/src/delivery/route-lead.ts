/**
 * Routes a stored lead to its buyers inside the lead's own transaction (architecture principle 3,
 * issue 14 "Delivery"): either delivery jobs are written with the lead, or the reason none is.
 * Disqualified and suppressed leads go nowhere. The others are offered to the eligible buyers, best
 * price first (buyer-eligibility.ts, routing-rule.ts); a buyer that already has the contact within its
 * window, or whose cap is full, is passed over for the next, until the routing rule has its buyers.
 */
import { randomUUID } from 'node:crypto';
import {
  buyersWanted,
  goesToAuction,
  leadNotSendable,
  rankBuyers,
  type BuyerConfig,
  type BuyerDecision,
  type LeadFields,
  type RoutingRule,
} from '@app/funnel';
import type { Kysely } from 'kysely';
import type { LookupKeys } from '../db/lookup-keys';
import { builtOnce, builtOncePerCount, rowSlot, rowValues, type Slots } from '../db/built-once';
import { runsWritesInWith } from '../db/db-dialect';
import { LEAD_SOURCES, ROUTING_OUTCOMES, type Database, type LeadSource, type RoutingOutcome } from '../db/schema';
import { buyersWithFullCaps, reserveCapPlaces } from './cap-usage';
import { claimContacts, contactKeys, releaseContacts } from './contact-claims';
import type { DeliveryQueue } from './job-queue';
import { LEAD_INGEST_BUYER_KEY } from './lead-ingest-buyer';
import { openAuction, type Auction } from '../auction/auction-store';

export interface RoutingSettings {
  rule: RoutingRule;
  duplicateWindowDays: number;
  retryWindowMs: number;
}

export interface RoutingResult {
  outcome: RoutingOutcome;
  reason: string;
  jobs: { id: string; buyer: string }[];
  decisions: BuyerDecision[];
  /** Issue 32: the lead went to auction (its jobs are written when the auction is decided). */
  auction: boolean;
  /** The auction, written claimed by `auctionClaim`'s worker; null when not claimed so (or none). */
  claimedAuction: Auction | null;
}

function text(lead: LeadFields, field: string): string {
  const value = lead[field];
  return typeof value === 'string' ? value : '';
}

/**
 * Leads from POST /post-lead go to the buyers; leads from POST /api/ingest (ticket, minimal) go to the
 * lead-ingest service only, when one is configured.
 */
function candidatesFor(source: LeadSource, buyers: readonly BuyerConfig[]): readonly BuyerConfig[] {
  return buyers.filter((b) => (source === 'ingest') === (b.key === LEAD_INGEST_BUYER_KEY));
}

export async function routeLead(
  trx: Kysely<Database>,
  input: {
    leadId: string;
    source: LeadSource;
    lead: LeadFields;
    buyers: readonly BuyerConfig[];
    settings: RoutingSettings;
    queue: DeliveryQueue;
    /** The server's lookup keys: contact claims are keyed with them. */
    keys: LookupKeys;
    now: Date;
    /** A slot of this process's auction runner: an auction opened is written claimed by it (openAuction). */
    auctionClaim?: { worker: string; leaseUntil: Date } | undefined;
  },
): Promise<RoutingResult> {
  const { lead, now } = input;
  const candidates = candidatesFor(input.source, input.buyers);
  const notSendable = leadNotSendable(lead);
  const result: RoutingResult = {
    outcome: 'not_sent',
    reason: '',
    jobs: [],
    decisions: [],
    auction: false,
    claimedAuction: null,
  };
  let jobs: JobRow[] = [];
  let auction: Parameters<typeof openAuction>[1] | undefined;
  const ranked = rankBuyers(lead, candidates);

  if (notSendable !== null) {
    result.reason = notSendable;
  } else if (candidates.length === 0) {
    result.reason = input.source === 'ingest' ? 'lead_ingest_offline' : 'no_buyers';
  } else if (input.source === 'lead' && goesToAuction(ranked.candidates)) {
    // Issue 32: the auction pings after the commit; caps and duplicates are checked then, before any ping.
    // Opened below, with the routing row.
    auction = {
      leadId: input.leadId,
      source: input.source,
      wanted: buyersWanted(input.settings.rule),
      now,
      claim: input.auctionClaim,
    };
    result.outcome = 'routed';
    result.reason = 'auction';
    result.auction = true;
    result.decisions = [
      ...ranked.candidates.map((buyer): BuyerDecision => ({ buyer: buyer.key, result: 'offered' })),
      ...ranked.refused,
    ];
  } else {
    const wanted = input.source === 'ingest' ? 1 : buyersWanted(input.settings.rule);
    const keys = contactKeys(input.keys, { email: text(lead, 'email'), phone: text(lead, 'phone') });
    const decisions: BuyerDecision[] = [];
    const chosen: { buyer: BuyerConfig; day: string; month: string }[] = [];
    // Buyers whose cap is already full are passed over without a claim and its release (issue 15).
    const full = await buyersWithFullCaps(trx, ranked.candidates, now);
    for (const buyer of ranked.candidates) {
      if (chosen.length >= wanted) {
        decisions.push({ buyer: buyer.key, result: 'not_needed' });
        continue;
      }
      if (full.has(buyer.key)) {
        decisions.push({ buyer: buyer.key, result: 'refused', reason: 'cap_reached' });
        continue;
      }
      const windowDays = buyer.duplicateWindowDays ?? input.settings.duplicateWindowDays;
      if (!(await claimContacts(trx, { buyerKey: buyer.key, keys, leadId: input.leadId, now, windowDays }))) {
        decisions.push({ buyer: buyer.key, result: 'refused', reason: 'duplicate' });
        continue;
      }
      const places = await reserveCapPlaces(trx, buyer, now);
      if (places === null) {
        await releaseContacts(trx, { buyerKey: buyer.key, leadId: input.leadId });
        decisions.push({ buyer: buyer.key, result: 'refused', reason: 'cap_reached' });
        continue;
      }
      chosen.push({ buyer, ...places });
      decisions.push({ buyer: buyer.key, result: 'chosen' });
    }
    result.decisions = [...decisions, ...ranked.refused];
    if (chosen.length === 0) {
      result.reason = ranked.candidates.length === 0 ? 'no_eligible_buyer' : 'no_buyer_available';
    } else {
      const at = now.toISOString();
      const deadline = new Date(now.getTime() + input.settings.retryWindowMs).toISOString();
      const rows = chosen.map(({ buyer, day, month }) => ({
        id: randomUUID(),
        lead_id: input.leadId,
        lead_source: input.source,
        buyer_key: buyer.key,
        status: 'queued' as const,
        price_cents: Math.round(buyer.price * 100),
        created_at: at,
        updated_at: at,
        next_attempt_at: at,
        deadline_at: deadline,
        cap_day: day,
        cap_month: month,
      }));
      jobs = rows;
      result.outcome = 'routed';
      result.jobs = rows.map((r) => ({ id: r.id, buyer: r.buyer_key }));
    }
  }

  const routing = {
    lead_id: input.leadId,
    lead_source: input.source,
    decided_at: now.toISOString(),
    outcome: result.outcome,
    reason: result.reason,
    buyers: JSON.stringify(result.decisions),
  };
  if (auction) {
    // On PostgreSQL the auction and the routing row in one statement (issue 32: one round trip fewer).
    const folded = runsWritesInWith(trx);
    result.claimedAuction = await openAuction(trx, auction, folded ? routing : undefined);
    if (!folded) await insertRouting(trx, routing);
    return result;
  }
  // Issue 15: on PostgreSQL the jobs and the routing row in one statement (one round trip fewer).
  const together = jobs.length > 0 && runsWritesInWith(trx) ? insertJobsAndRouting(jobs.length) : undefined;
  if (together) {
    await together(trx, rowValues(jobs, routing));
  } else {
    const insertJobs = insertJobsBuiltOnce(jobs.length);
    if (insertJobs) await insertJobs(trx, rowValues(jobs));
    else if (jobs.length > 0) await trx.insertInto('delivery_jobs').values(jobs).execute();
    await insertRouting(trx, routing);
  }
  if (jobs.length > 0) {
    await input.queue.enqueue(
      trx,
      jobs.map((r) => ({ id: r.id, runAt: now })),
    );
  }
  return result;
}

/** A delivery job's row, as routing writes it (a type, not an interface: rowValues takes it as a record). */
type JobRow = {
  id: string;
  lead_id: string;
  lead_source: LeadSource;
  buyer_key: string;
  status: 'queued';
  price_cents: number;
  created_at: string;
  updated_at: string;
  next_attempt_at: string;
  deadline_at: string;
  cap_day: string;
  cap_month: string;
};

/** The routing row as slots (db/built-once.ts). */
function routingSlots(slot: Slots) {
  return {
    lead_id: slot.text('lead_id'),
    lead_source: slot.oneOf('lead_source', LEAD_SOURCES),
    decided_at: slot.text('decided_at'),
    outcome: slot.oneOf('outcome', ROUTING_OUTCOMES),
    reason: slot.text('reason'),
    buyers: slot.text('buyers'),
  };
}

/** `count` delivery jobs' rows as slots named by rowSlot (db/built-once.ts). A job starts queued. */
function jobSlots(slot: Slots, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: slot.text(rowSlot(i, 'id')),
    lead_id: slot.text(rowSlot(i, 'lead_id')),
    lead_source: slot.oneOf(rowSlot(i, 'lead_source'), LEAD_SOURCES),
    buyer_key: slot.text(rowSlot(i, 'buyer_key')),
    status: slot.oneOf(rowSlot(i, 'status'), ['queued'] as const),
    price_cents: slot.number(rowSlot(i, 'price_cents')),
    created_at: slot.text(rowSlot(i, 'created_at')),
    updated_at: slot.text(rowSlot(i, 'updated_at')),
    next_attempt_at: slot.text(rowSlot(i, 'next_attempt_at')),
    deadline_at: slot.text(rowSlot(i, 'deadline_at')),
    cap_day: slot.text(rowSlot(i, 'cap_day')),
    cap_month: slot.text(rowSlot(i, 'cap_month')),
  }));
}

/** The lead's routing row, built and compiled once (db/built-once.ts, issue 15). */
const insertRouting = builtOnce((trx, slot) => trx.insertInto('lead_routing').values(routingSlots(slot)));

/** The lead's delivery jobs for one to four buyers, built and compiled once for each count (issue 15). */
const insertJobsBuiltOnce = builtOncePerCount(4, (trx, slot, count) =>
  trx.insertInto('delivery_jobs').values(jobSlots(slot, count)),
);

/**
 * PostgreSQL: the jobs and the routing row in one statement (a data-modifying `WITH`), built once for each
 * count of jobs (issue 15).
 */
const insertJobsAndRouting = builtOncePerCount(4, (trx, slot, count) =>
  trx
    .with('jobs', (qc) => qc.insertInto('delivery_jobs').values(jobSlots(slot, count)).returning('id'))
    .insertInto('lead_routing')
    .values(routingSlots(slot)),
);
