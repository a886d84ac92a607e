/**
 * Daily and monthly caps (issue 14), counted in `buyer_cap_usage`: a lead routed to a buyer takes a
 * place in the buyer's day and month (its time zone) in the lead's own transaction, by a conditional
 * increment that only succeeds under the cap, so concurrent leads in several processes never take
 * more places than there are. A delivery that ends without a sale gives its places back; an accepted
 * one keeps them. Buyers without caps are counted too, so usage is known when a cap is set later.
 */
import { capPeriods, type BuyerConfig } from '@app/funnel';
import type { Kysely } from 'kysely';
import { builtOnce, builtOncePerCount, rowSlot, rowValues } from '../db/built-once';
import type { Database } from '../db/schema';

export interface CapPlaces {
  day: string;
  month: string;
}

/** Places given back, both of a job in one statement (a row already at 0 stays there). */
async function giveBack(db: Kysely<Database>, buyerKey: string, periods: readonly string[]) {
  if (periods.length === 0) return;
  await db
    .updateTable('buyer_cap_usage')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('buyer_key', '=', buyerKey)
    .where('period', 'in', [...periods])
    .where('used', '>', 0)
    .execute();
}

/**
 * Both places of one buyer in one upsert: a new period's row starts at 1; an existing one is incremented
 * only under its own cap (a cap undefined is no cap).
 */
function placesUpsert(
  trx: Kysely<Database>,
  buyerKey: string,
  periods: CapPlaces,
  caps: { daily: number | undefined; monthly: number | undefined },
) {
  return trx
    .insertInto('buyer_cap_usage')
    .values([
      { buyer_key: buyerKey, period: periods.day, used: 1 },
      { buyer_key: buyerKey, period: periods.month, used: 1 },
    ])
    .onConflict((oc) =>
      oc
        .columns(['buyer_key', 'period'])
        .doUpdateSet((eb) => ({ used: eb('buyer_cap_usage.used', '+', 1) }))
        .where((eb) => {
          const underCap = (period: string, cap: number | undefined) =>
            cap === undefined
              ? eb('buyer_cap_usage.period', '=', period)
              : eb.and([eb('buyer_cap_usage.period', '=', period), eb('buyer_cap_usage.used', '<', cap)]);
          return eb.or([underCap(periods.day, caps.daily), underCap(periods.month, caps.monthly)]);
        }),
    )
    .returning('period');
}

/** The upsert built and compiled once for each of its shapes: with or without each cap (db/built-once.ts, issue 15). */
function placesBuiltOnce(daily: boolean, monthly: boolean) {
  return builtOnce((trx, slot) =>
    placesUpsert(
      trx,
      slot.text('buyerKey'),
      { day: slot.text('day'), month: slot.text('month') },
      { daily: daily ? slot.number('daily') : undefined, monthly: monthly ? slot.number('monthly') : undefined },
    ),
  );
}
const PLACES_UPSERT = {
  uncapped: placesBuiltOnce(false, false),
  daily: placesBuiltOnce(true, false),
  monthly: placesBuiltOnce(false, true),
  both: placesBuiltOnce(true, true),
};

/** A cap of 0 has no place at all: such a buyer takes nothing, and its usage is not touched. */
export const capsClosed = (buyer: BuyerConfig): boolean =>
  (buyer.caps.daily !== undefined && buyer.caps.daily <= 0) ||
  (buyer.caps.monthly !== undefined && buyer.caps.monthly <= 0);

/** The day and month (the buyer's time zone) whose places a lead routed to the buyer now takes. */
export const capPlacesOf = (buyer: BuyerConfig, now: Date): CapPlaces => capPeriods(now, buyer.timeZone);

/**
 * A place in today's and this month's caps, or null when either is full. Both places in one upsert
 * (issue 15): a new period's row starts at 1; an existing one is incremented only under its own cap. When
 * only one of the two is taken, it is given back. A cap of 0 has no place at all.
 *
 * Issue 32: the usage rows are the busiest rows of a sale (every lead sold to a buyer increments the same
 * two), and a transaction holds their lock until it commits, so callers take the places as the last write
 * before the commit where they can (post-bid.ts), and give places back last (delivery-worker.ts).
 */
export async function reserveCapPlaces(
  trx: Kysely<Database>,
  buyer: BuyerConfig,
  now: Date,
): Promise<CapPlaces | null> {
  if (capsClosed(buyer)) return null;
  const { daily, monthly } = buyer.caps;
  const periods = capPlacesOf(buyer, now);
  const values: Record<string, string | number> = { buyerKey: buyer.key, day: periods.day, month: periods.month };
  if (daily !== undefined) values.daily = daily;
  if (monthly !== undefined) values.monthly = monthly;
  const upsert =
    daily === undefined
      ? monthly === undefined
        ? PLACES_UPSERT.uncapped
        : PLACES_UPSERT.monthly
      : monthly === undefined
        ? PLACES_UPSERT.daily
        : PLACES_UPSERT.both;
  const { rows } = await upsert(trx, values);
  const taken = new Set(rows.map((r) => r.period));
  if (taken.has(periods.day) && taken.has(periods.month)) return periods;
  await giveBack(trx, buyer.key, [...taken]);
  return null;
}

/** The places of a job that ends without a sale, given back. */
export interface CapPlacesToGiveBack {
  buyerKey: string;
  day: string | null;
  month: string | null;
}

export async function releaseCapPlaces(db: Kysely<Database>, places: CapPlacesToGiveBack): Promise<void> {
  await giveBack(
    db,
    places.buyerKey,
    [places.day, places.month].filter((p): p is string => p !== null && p !== ''),
  );
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

/** The usage rows of these buyers in these periods. */
function usageRead(db: Kysely<Database>, buyerKeys: readonly string[], periods: readonly string[]) {
  return db
    .selectFrom('buyer_cap_usage')
    .select(['buyer_key', 'period', 'used'])
    .where('buyer_key', 'in', buyerKeys)
    .where('period', 'in', periods);
}

/**
 * The read for one to eight capped buyers, built and compiled once for each count (db/built-once.ts, issue 15):
 * each buyer's key, day and month (a period named twice reads the same rows).
 */
const usageBuiltOnce = builtOncePerCount(8, (db, slot, count) => {
  const rows = Array.from({ length: count }, (_, i) => i);
  return usageRead(
    db,
    rows.map((i) => slot.text(rowSlot(i, 'buyerKey'))),
    rows.flatMap((i) => [slot.text(rowSlot(i, 'day')), slot.text(rowSlot(i, 'month'))]),
  );
});

/**
 * The buyers among these whose daily or monthly cap is full now, in one query (issue 15): routing passes
 * them over without claiming the lead's contacts or trying their caps. reserveCapPlaces stays the authority
 * for the others (a place may be taken between this read and the lead's turn).
 */
export async function buyersWithFullCaps(
  db: Kysely<Database>,
  buyers: readonly BuyerConfig[],
  now: Date,
): Promise<Set<string>> {
  const capped = buyers.filter((b) => b.caps.daily !== undefined || b.caps.monthly !== undefined);
  if (capped.length === 0) return new Set();
  const periods = capped.map((buyer) => capPeriods(now, buyer.timeZone));
  const read = usageBuiltOnce(capped.length);
  const rows = read
    ? (await read(db, rowValues(capped.map((b, i) => ({ buyerKey: b.key, ...periods[i] }))))).rows
    : await usageRead(
        db,
        capped.map((b) => b.key),
        [...new Set(periods.flatMap((p) => [p.day, p.month]))],
      ).execute();
  const full = new Set<string>();
  capped.forEach((buyer, i) => {
    const p = periods[i];
    const used = (period: string | undefined) =>
      rows.find((r) => r.buyer_key === buyer.key && r.period === period)?.used ?? 0;
    const { daily, monthly } = buyer.caps;
    if ((daily !== undefined && used(p?.day) >= daily) || (monthly !== undefined && used(p?.month) >= monthly)) {
      full.add(buyer.key);
    }
  });
  return full;
}
