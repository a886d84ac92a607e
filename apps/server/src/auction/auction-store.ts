/**
 * Auctions and their bids (issue 32, docs/decisions/0031-ping-post-auction.md). An auction row is written
 * with its lead (route-lead.ts), pending. A worker claims due auctions with a lease (pinging), each claim the
 * next round; a worker that died leaves its lease to run out and the auction is claimed again, a new round
 * pinged. The decision (decide-auction.ts) is conditional on the round its worker claimed, so a worker that
 * outlived its lease can never decide over a newer round.
 */
import type { ExpressionBuilder, Insertable, Kysely, Selectable } from 'kysely';
import { dialectOf } from '../db/db-dialect';
import type { DbDialect } from '../db/db-dialect';
import type { AuctionsTable, AuctionStatus, Database, LeadRoutingTable, LeadSource } from '../db/schema';

export type Auction = Selectable<AuctionsTable>;

/**
 * Opens the lead's auction, pending for any worker; or, with `claim` (the intake holds a slot of its own
 * process's runner: auction-runner.ts reserve), already claimed by that worker, round 1, so the process runs
 * it after the commit without claiming it. Answers the auction as written when it is claimed so, else null.
 * With `routing` (PostgreSQL only), the lead's routing row is written in the same statement (a data-modifying
 * `WITH`, as the direct post's jobs are: route-lead.ts): one round trip fewer in the lead's transaction.
 */
export async function openAuction(
  trx: Kysely<Database>,
  auction: {
    leadId: string;
    source: LeadSource;
    wanted: number;
    now: Date;
    claim?: { worker: string; leaseUntil: Date } | undefined;
  },
  routing?: Insertable<LeadRoutingTable>,
): Promise<Auction | null> {
  const at = auction.now.toISOString();
  const { claim } = auction;
  const values = {
    lead_id: auction.leadId,
    lead_source: auction.source,
    status: claim ? 'pinging' : 'pending',
    round: claim ? 1 : 0,
    wanted: auction.wanted,
    worker: claim?.worker ?? '',
    created_at: at,
    updated_at: at,
    lease_until: claim ? claim.leaseUntil.toISOString() : null,
    decided_at: null,
  } satisfies Insertable<AuctionsTable>;
  // A lead routed again (reroute-not-sent.ts) after an unsold auction: the same row, pending again.
  const pending: AuctionStatus = 'pending';
  const again = { status: pending, wanted: auction.wanted, lease_until: null, updated_at: at, reason: '' };
  const written =
    routing === undefined
      ? await trx
          .insertInto('auctions')
          .values(values)
          .onConflict((oc) => oc.column('lead_id').doUpdateSet(again))
          .returningAll()
          .executeTakeFirst()
      : await trx
          .with('routing', (qc) => qc.insertInto('lead_routing').values(routing).returning('lead_id'))
          .insertInto('auctions')
          .values(values)
          .onConflict((oc) => oc.column('lead_id').doUpdateSet(again))
          .returningAll()
          .executeTakeFirst();
  return claim && written?.status === 'pinging' ? written : null;
}

/** Takes up to `limit` due auctions (pending, or pinging with their lease over) for this worker, next round. */
export async function claimAuctions(
  db: Kysely<Database>,
  dialect: DbDialect,
  claim: { limit: number; now: Date; leaseMs: number; worker: string },
): Promise<Auction[]> {
  if (claim.limit <= 0) return [];
  const now = claim.now.toISOString();
  const leaseUntil = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
  return db.transaction().execute(async (trx) => {
    const select = trx
      .selectFrom('auctions')
      .selectAll()
      .where((eb) =>
        eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'pinging'), eb('lease_until', '<', now)])]),
      )
      .orderBy('created_at')
      .limit(claim.limit);
    const found = await (dialect === 'postgres' ? select.forUpdate().skipLocked() : select).execute();
    if (found.length === 0) return [];
    await trx
      .updateTable('auctions')
      .set((eb) => ({
        status: 'pinging',
        round: eb('round', '+', 1),
        lease_until: leaseUntil,
        worker: claim.worker,
        updated_at: now,
      }))
      .where(
        'lead_id',
        'in',
        found.map((a) => a.lead_id),
      )
      .execute();
    return found.map((a) => ({
      ...a,
      status: 'pinging' as const,
      round: a.round + 1,
      lease_until: leaseUntil,
      worker: claim.worker,
      updated_at: now,
    }));
  });
}

/** The worker's heartbeat: its auctions still pinging keep their lease (a slow buyer is not a dead worker). */
export async function renewAuctionLeases(
  db: Kysely<Database>,
  held: readonly { leadId: string; round: number }[],
  now: Date,
  leaseMs: number,
): Promise<void> {
  if (held.length === 0) return;
  const until = new Date(now.getTime() + leaseMs).toISOString();
  // One statement for all of them (a hundred auctions pinging cost a hundred round trips a beat otherwise);
  // each row only at the round this worker holds.
  const isHeld = (eb: ExpressionBuilder<Database, 'auctions'>) =>
    eb.and([
      eb('status', '=', 'pinging'),
      eb.or(held.map(({ leadId, round }) => eb.and([eb('lead_id', '=', leadId), eb('round', '=', round)]))),
    ]);
  const renew = db.updateTable('auctions').set({ lease_until: until });
  // On PostgreSQL an auction being decided right now (its row locked by the decision) is skipped, not waited
  // for: its lease no longer matters, and waiting made every decision behind it wait too (issue 32).
  await (
    dialectOf(db) === 'postgres'
      ? renew.where('lead_id', 'in', (eb) =>
          eb.selectFrom('auctions').select('lead_id').where(isHeld).forUpdate().skipLocked(),
        )
      : renew.where(isHeld)
  ).execute();
}

export async function auctionOf(db: Kysely<Database>, leadId: string): Promise<Auction | undefined> {
  return db.selectFrom('auctions').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** A lead's bids, every round, in the order they were recorded. */
export async function bidsOf(db: Kysely<Database>, leadId: string) {
  return db
    .selectFrom('auction_bids')
    .selectAll()
    .where('lead_id', '=', leadId)
    .orderBy('round')
    .orderBy('price_cents', 'desc')
    .orderBy('buyer_key')
    .execute();
}

/** Auctions still to run or running: the auction queue's depth. */
export async function openAuctions(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('auctions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', 'in', ['pending', 'pinging'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
