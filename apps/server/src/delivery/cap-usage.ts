/**
 * Daily and monthly caps (issue 14), counted in `buyer_cap_usage`: a lead routed to a buyer takes a
 * place in the buyer's day and month (its time zone) in the lead's own transaction, by a conditional
 * increment that only succeeds under the cap, so concurrent leads in several processes never take
 * more places than there are. A delivery that ends without a sale gives its places back; an accepted
 * one keeps them. Buyers without caps are counted too, so usage is known when a cap is set later.
 */
import { capPeriods, type BuyerConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface CapPlaces {
  day: string;
  month: string;
}

async function take(trx: Kysely<Database>, buyerKey: string, period: string, cap: number | undefined) {
  await trx
    .insertInto('buyer_cap_usage')
    .values({ buyer_key: buyerKey, period, used: 0 })
    .onConflict((oc) => oc.columns(['buyer_key', 'period']).doNothing())
    .execute();
  let update = trx
    .updateTable('buyer_cap_usage')
    .set((eb) => ({ used: eb('used', '+', 1) }))
    .where('buyer_key', '=', buyerKey)
    .where('period', '=', period);
  if (cap !== undefined) update = update.where('used', '<', cap);
  const row = await update.returning('used').executeTakeFirst();
  return row !== undefined;
}

async function giveBack(db: Kysely<Database>, buyerKey: string, period: string) {
  await db
    .updateTable('buyer_cap_usage')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('buyer_key', '=', buyerKey)
    .where('period', '=', period)
    .where('used', '>', 0)
    .execute();
}

/** A place in today's and this month's caps, or null when either is full. */
export async function reserveCapPlaces(
  trx: Kysely<Database>,
  buyer: BuyerConfig,
  now: Date,
): Promise<CapPlaces | null> {
  const periods = capPeriods(now, buyer.timeZone);
  if (!(await take(trx, buyer.key, periods.day, buyer.caps.daily))) return null;
  if (!(await take(trx, buyer.key, periods.month, buyer.caps.monthly))) {
    await giveBack(trx, buyer.key, periods.day);
    return null;
  }
  return periods;
}

export async function releaseCapPlaces(
  db: Kysely<Database>,
  buyerKey: string,
  places: { day: string | null; month: string | null },
): Promise<void> {
  if (places.day) await giveBack(db, buyerKey, places.day);
  if (places.month) await giveBack(db, buyerKey, places.month);
}

/** Places used in a buyer's current day and month (the console's "caps used"). */
export async function capUsage(
  db: Kysely<Database>,
  buyer: BuyerConfig,
  now: Date,
): Promise<{ day: number; month: number }> {
  const periods = capPeriods(now, buyer.timeZone);
  const rows = await db
    .selectFrom('buyer_cap_usage')
    .select(['period', 'used'])
    .where('buyer_key', '=', buyer.key)
    .where('period', 'in', [periods.day, periods.month])
    .execute();
  const used = (period: string) => rows.find((r) => r.period === period)?.used ?? 0;
  return { day: used(periods.day), month: used(periods.month) };
}
