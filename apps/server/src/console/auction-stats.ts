/**
 * Each buyer's auctions over a period (issue 32 "Console"): pings sent, bids, offers won (chosen to be
 * posted), win rate, average bid, declines by reason, refusals at post (a winning bid's delivery job that
 * ended rejected, duplicate or dead), what it bought and paid, and its ping latency (median, p90). Counted
 * in SQL on SQLite and PostgreSQL; the rates are the domain's (packages/funnel auction/auction-report.ts).
 */
import {
  buyerAuctionFigures,
  NOT_PINGED_REASONS,
  periodStart,
  type BuyerAuctionReport,
  type ReportPeriod,
} from '@app/funnel';
import type { Kysely } from 'kysely';
import type { Database, DeliveryStatus } from '../db/schema';

/** How a winning bid's post ends without a sale. */
const REFUSED: readonly DeliveryStatus[] = ['rejected', 'duplicate', 'dead'];

export async function buyerAuctionReport(
  db: Kysely<Database>,
  period: ReportPeriod,
  now: Date,
): Promise<BuyerAuctionReport> {
  const since = periodStart(period, now).toISOString();
  const bids = db.selectFrom('auction_bids').where('created_at', '>=', since);
  const counted = await bids
    .select((eb) => {
      const count = (condition: ReturnType<typeof eb.and>) =>
        eb.fn.sum<string | number>(eb.case().when(condition).then(1).else(0).end());
      const pinged = eb.and([eb('kind', '=', 'ping'), eb('decline', 'not in', NOT_PINGED_REASONS)]);
      const priced = eb.and([eb('kind', '=', 'ping'), eb('price_cents', '>', 0)]);
      return [
        'buyer_key',
        count(pinged).as('pinged'),
        count(eb.and([eb('kind', '=', 'standing')])).as('standing'),
        count(eb.and([eb('kind', '=', 'ping'), eb('outcome', '=', 'bid')])).as('bids'),
        count(priced).as('priced'),
        eb.fn.sum<string | number>(eb.case().when(priced).then(eb.ref('price_cents')).else(0).end()).as('priced_sum'),
        count(eb.and([eb('job_id', '<>', '')])).as('won'),
      ];
    })
    .groupBy('buyer_key')
    .execute();
  const declines = await bids
    .select((eb) => ['buyer_key', 'decline', eb.fn.countAll<string | number>().as('n')])
    .where('outcome', '=', 'declined')
    .groupBy(['buyer_key', 'decline'])
    .execute();
  const latencies = await bids
    .select(['buyer_key', 'latency_ms'])
    .where('kind', '=', 'ping')
    .where('decline', 'not in', NOT_PINGED_REASONS)
    .execute();
  const posts = await db
    .selectFrom('delivery_jobs')
    .select((eb) => [
      'buyer_key',
      'status',
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.sum<string | number>('price_cents').as('paid'),
    ])
    .where('bid_id', '<>', '')
    .where('created_at', '>=', since)
    .groupBy(['buyer_key', 'status'])
    .execute();

  const buyers = counted.map((row) => {
    const key = row.buyer_key;
    const mine = posts.filter((p) => p.buyer_key === key);
    const accepted = mine.find((p) => p.status === 'accepted');
    const figures = buyerAuctionFigures({
      pinged: Number(row.pinged),
      standing: Number(row.standing),
      priced: Number(row.priced),
      pricedSumCents: Number(row.priced_sum),
      won: Number(row.won),
      latenciesMs: latencies.filter((l) => l.buyer_key === key).map((l) => Number(l.latency_ms)),
    });
    return {
      buyer_key: key,
      pinged: Number(row.pinged),
      standing: Number(row.standing),
      bids: Number(row.bids),
      won: Number(row.won),
      ...figures,
      declines: Object.fromEntries(declines.filter((d) => d.buyer_key === key).map((d) => [d.decline, Number(d.n)])),
      postRefusals: mine.filter((p) => REFUSED.includes(p.status)).reduce((sum, p) => sum + Number(p.n), 0),
      bought: Number(accepted?.n ?? 0),
      paidCents: Number(accepted?.paid ?? 0),
    };
  });
  buyers.sort((a, b) => b.paidCents - a.paidCents || b.won - a.won || a.buyer_key.localeCompare(b.buyer_key));
  return { period, since, buyers };
}
