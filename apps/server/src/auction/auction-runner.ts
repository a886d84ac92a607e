/**
 * The auction worker of one server process (issue 32; docs/decisions/0031-ping-post-auction.md). It runs
 * beside the delivery worker: claims due auctions (auction-store.ts), checks again which buyers may take the
 * lead now (rules, caps, duplicates: a buyer that cannot take it is never pinged), pings the ping-post
 * buyers at once (ping-buyers.ts), and decides in one transaction with the delivery jobs of the winners
 * (auction-sale.ts); the delivery worker posts them. Up to `concurrency` auctions ping at once.
 */
import { leadNotSendable, pingLead, rankBuyers, type BuyerConfig, type LeadFields } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { DbDialect } from '../db/db-dialect';
import type { LookupKeys } from '../db/lookup-keys';
import type { Database } from '../db/schema';
import type { BuyerDirectory } from '../delivery/buyer-directory';
import { buyersWithFullCaps } from '../delivery/cap-usage';
import { buyersHoldingContact, contactKeys } from '../delivery/contact-claims';
import { loadDeliveryLeads } from '../delivery/delivery-lead';
import type { DeliveryQueue } from '../delivery/job-queue';
import type { ClaimedJob } from '../delivery/delivery-jobs-store';
import { factsForJobs, type DeliveryFacts } from '../delivery/delivery-facts';
import type { DeliveryWorker } from '../delivery/delivery-worker';
import { LEAD_INGEST_BUYER_KEY } from '../delivery/lead-ingest-buyer';
import type { RoutingSettings } from '../delivery/route-lead';
import { WORKER_ID } from '../delivery/worker-id';
import { claimAuctions, renewAuctionLeases, type Auction } from './auction-store';
import { decideAuction, type NotPinged, type SaleContext } from './auction-sale';
import { pingBuyers, type PingContext } from './ping-buyers';
import { createWakeSignal } from '../jobs/wake-signal';

export interface AuctionRunnerOptions {
  db: Kysely<Database>;
  dialect: DbDialect;
  queue: DeliveryQueue;
  buyers: BuyerDirectory;
  keys: LookupKeys;
  settings: RoutingSettings;
  operatorFloorCents: number;
  ping: PingContext;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  /** Delivery jobs were written: the delivery worker looks now. */
  jobsWritten: () => void;
  /** Each look in the database for due auctions (metrics). */
  looked?: () => void;
  /**
   * This process's delivery worker: the winner's job is written already taken by it, when it has a slot free,
   * and posted at once (delivery-worker.ts reserve, handOff); its lease, the worker's.
   */
  delivery: Pick<DeliveryWorker, 'reserve' | 'handOff'> & { leaseMs: number };
  log: { error: (details: object, message: string) => void };
}

/**
 * A slot of this process's runner, taken by the intake before it opens an auction: the auction is written
 * already claimed by this process (round 1, this worker's lease: auction-store.ts openAuction) and, once
 * committed, run at once with the lead the intake holds: no claim transaction, no read of the lead, no wait
 * for the runner's next turn. A crash before the ping leaves a leased auction, claimed again after its lease
 * like any auction whose worker died.
 */
export interface AuctionSlot {
  claim: { worker: string; leaseUntil: Date };
  /** Committed, claimed by this slot: pinged now. */
  run(auction: Auction, lead: LeadFields): void;
  /** Not used (the lead not stored, not auctioned, or its auction not claimed): the slot is free again. */
  release(): void;
}

export interface AuctionRunner {
  start(): void;
  nudge(): void;
  /** A free slot for an auction the intake is about to open, or null when every slot is taken (or stopping). */
  reserve(): AuctionSlot | null;
  stop(): Promise<void>;
}

function text(lead: LeadFields, field: string): string {
  const value = lead[field];
  return typeof value === 'string' ? value : '';
}

/** The buyers to ping and the standing bids, after the rules, the caps and the duplicate windows. */
async function eligibleNow(
  options: AuctionRunnerOptions,
  lead: LeadFields,
  auction: Auction,
  now: Date,
): Promise<{ ping: BuyerConfig[]; standing: BuyerConfig[]; notPinged: { buyer: string; reason: NotPinged }[] }> {
  const all = (await options.buyers.all()).filter((b) => b.key !== LEAD_INGEST_BUYER_KEY);
  const { candidates } = rankBuyers(lead, all);
  const keys = contactKeys(options.keys, { email: text(lead, 'email'), phone: text(lead, 'phone') });
  // Both at once: each read waits for the writes pending before it (SQLite's group commit), once.
  const [full, held] = await Promise.all([
    buyersWithFullCaps(options.db, candidates, now),
    buyersHoldingContact(options.db, {
      keys,
      buyers: candidates.map((b) => ({
        key: b.key,
        windowDays: b.duplicateWindowDays ?? options.settings.duplicateWindowDays,
      })),
      leadId: auction.lead_id,
      now,
    }),
  ]);
  const notPinged: { buyer: string; reason: NotPinged }[] = [];
  const open: BuyerConfig[] = [];
  for (const buyer of candidates) {
    if (full.has(buyer.key)) notPinged.push({ buyer: buyer.key, reason: 'cap_reached' });
    else if (held.has(buyer.key)) notPinged.push({ buyer: buyer.key, reason: 'duplicate' });
    else open.push(buyer);
  }
  return {
    ping: open.filter((b) => b.ping !== undefined),
    standing: open.filter((b) => b.ping === undefined),
    notPinged,
  };
}

export function createAuctionRunner(options: AuctionRunnerOptions): AuctionRunner {
  const { db, log } = options;
  const running = new Map<string, { round: number; done: Promise<void> }>();
  let stopping = false;
  let loopDone: Promise<void> = Promise.resolve();
  const signal = createWakeSignal();
  let heartbeat: NodeJS.Timeout | undefined;
  const now = () => options.ping.now();

  let reserved = 0;

  /** `held`: the lead as the intake stored it, when the intake handed the auction over (reserve). */
  const run = async (auction: Auction, held?: LeadFields): Promise<void> => {
    const lead =
      held ??
      (
        await loadDeliveryLeads(db, [
          { id: auction.lead_id, lead_id: auction.lead_id, lead_source: auction.lead_source },
        ])
      ).get(auction.lead_id);
    const context: SaleContext = {
      buyers: () => undefined,
      keys: options.keys,
      settings: options.settings,
      operatorFloorCents: options.operatorFloorCents,
      now: now(),
    };
    let decision;
    if (lead === undefined || leadNotSendable(lead) !== null) {
      decision = await db.transaction().execute((trx) =>
        decideAuction(trx, {
          auction,
          lead: lead ?? {},
          pings: [],
          standing: [],
          notPinged: [],
          context,
          notOffered: lead === undefined ? 'the lead is anonymized or no longer stored' : (leadNotSendable(lead) ?? ''),
        }),
      );
    } else {
      const eligible = await eligibleNow(options, lead, auction, now());
      // No ping-post buyer left (capped, say): the standing bids alone decide, as a direct post would.
      const pings = await pingBuyers(options.ping, eligible.ping, {
        lead: pingLead(lead),
        auctionId: `${auction.lead_id}:${auction.round}`,
      });
      const all = await options.buyers.all();
      const byKey = new Map(all.map((b) => [b.key, b]));
      const slots = options.delivery.reserve(auction.wanted);
      let claimed: ClaimedJob[] = [];
      let facts: DeliveryFacts | undefined;
      try {
        decision = await db.transaction().execute(async (trx) => {
          const at = now();
          const decided = await decideAuction(trx, {
            auction,
            lead,
            pings,
            standing: eligible.standing,
            notPinged: eligible.notPinged,
            context: {
              ...context,
              buyers: (key) => byKey.get(key),
              now: at,
              claim: { slots, until: new Date(at.getTime() + options.delivery.leaseMs) },
            },
          });
          if (decided.jobs.length > 0) await options.queue.enqueue(trx, decided.jobs);
          // Read by the decision's first statement: the post leaves without another read, and the decision's
          // last write, the winner's cap places, stays locked only for the commit (cap-usage.ts).
          if (decided.claimed.length > 0) facts = factsForJobs(decided.facts, decided.claimed);
          return decided;
        });
        claimed = decision.claimed.map((job) => ({ ...job, interrupted: false }));
      } finally {
        // Committed: the taken jobs are sent now; not committed: nothing was taken.
        options.delivery.handOff(claimed, slots, facts);
      }
    }
    if (decision.jobs.length > 0) options.jobsWritten();
  };

  const launch = (auction: Auction, held?: LeadFields): void => {
    const done = run(auction, held)
      .catch((error: unknown) => {
        // Not decided: its lease runs out and the auction is run again, the next round.
        log.error({ err: error, lead: auction.lead_id }, 'auction failed; run again after its lease');
      })
      .finally(() => {
        running.delete(auction.lead_id);
        signal.freed();
      });
    running.set(auction.lead_id, { round: auction.round, done });
  };

  const loop = async () => {
    if (options.dialect === 'sqlite') {
      // One process on the file: auctions a previous run was pinging when it died are due at once.
      await db
        .updateTable('auctions')
        .set({ lease_until: now().toISOString() })
        .where('status', '=', 'pinging')
        .execute()
        .catch((error: unknown) => log.error({ err: error }, 'auctions not prepared'));
    }
    while (!stopping) {
      const free = options.concurrency - running.size - reserved;
      let claimed: Auction[] = [];
      if (free > 0 && signal.shouldLook()) {
        try {
          claimed = await claimAuctions(db, options.dialect, {
            limit: free,
            now: now(),
            leaseMs: options.leaseMs,
            worker: WORKER_ID,
          });
          signal.looked(claimed.length, free);
          options.looked?.();
        } catch (error) {
          log.error({ err: error }, 'auctions unavailable');
        }
      }
      for (const auction of claimed) launch(auction);
      if (stopping) break;
      if (claimed.length === 0 || running.size + reserved >= options.concurrency) await signal.sleep(options.pollMs);
    }
  };

  return {
    start() {
      loopDone = loop();
      heartbeat = setInterval(
        () => {
          const held = [...running].map(([leadId, { round }]) => ({ leadId, round }));
          if (held.length === 0) return;
          renewAuctionLeases(db, held, now(), options.leaseMs).catch((error: unknown) =>
            log.error({ err: error }, 'auction leases not renewed'),
          );
        },
        Math.max(100, Math.floor(options.leaseMs / 3)),
      );
      heartbeat.unref();
    },
    nudge: () => signal.wake(),
    reserve() {
      if (stopping || running.size + reserved >= options.concurrency) return null;
      reserved += 1;
      let used = false;
      const free = () => {
        if (used) return false;
        used = true;
        reserved -= 1;
        return true;
      };
      return {
        claim: { worker: WORKER_ID, leaseUntil: new Date(now().getTime() + options.leaseMs) },
        run(auction, lead) {
          if (!free()) return;
          // Stopping meanwhile: left to its lease, run again by whichever process claims it then.
          if (!stopping) launch(auction, lead);
        },
        release() {
          if (free()) signal.freed();
        },
      };
    },
    async stop() {
      stopping = true;
      signal.wake();
      await loopDone;
      await Promise.all([...running.values()].map((r) => r.done));
      clearInterval(heartbeat);
    },
  };
}
