/**
 * seed:demo's auctions (issue 32): the demo's leads that went to auction are decided as the auction runner
 * decides them (auction/auction-sale.ts), with the ping-post buyers' answers made up by the dice (a bid of
 * about their usual price, a decline, a time-out), so the console shows bids, declines and prices paid.
 */
import { leadNotSendable, rankBuyers, type PingVerdict } from '@app/funnel';
import type { DbDialect } from '../db/db-dialect';
import { claimAuctions } from '../auction/auction-store';
import { decideAuction } from '../auction/auction-sale';
import type { PingResult } from '../auction/ping-buyers';
import { loadDeliveryLeads } from '../delivery/delivery-lead';
import { LEAD_INGEST_BUYER_KEY } from '../delivery/lead-ingest-buyer';
import type { Services } from '../services';
import type { Dice } from './demo-visitors';

function madeUpVerdict(dice: Dice, usualPrice: number): PingVerdict {
  const roll = dice.unit();
  if (roll < 0.15) return { kind: 'declined', reason: 'no_bid', message: 'not buying this area today' };
  if (roll < 0.22) return { kind: 'declined', reason: 'timeout', message: '' };
  const dollars = Math.max(5, Math.round(usualPrice * (0.6 + dice.unit() * 0.9)));
  return {
    kind: 'bid',
    priceCents: dollars * 100,
    bidRef: `demo-${dice.pick(1_000_000)}`,
    validForMs: 60_000,
    message: '',
  };
}

/** Decides every pending auction; returns how many. */
export async function settleDemoAuctions(services: Services, dialect: DbDialect, dice: Dice): Promise<number> {
  const buyers = (await services.delivery.buyers.all()).filter((b) => b.key !== LEAD_INGEST_BUYER_KEY);
  const byKey = new Map(buyers.map((b) => [b.key, b]));
  let decided = 0;
  for (;;) {
    const auctions = await claimAuctions(services.db, dialect, {
      limit: 100,
      now: new Date(),
      leaseMs: 60_000,
      worker: 'seed-demo',
    });
    if (auctions.length === 0) return decided;
    for (const auction of auctions) {
      const lead = (
        await loadDeliveryLeads(services.db, [
          { id: auction.lead_id, lead_id: auction.lead_id, lead_source: auction.lead_source },
        ])
      ).get(auction.lead_id);
      const at = new Date(Date.parse(auction.created_at) + 1_500);
      const candidates = lead && leadNotSendable(lead) === null ? rankBuyers(lead, buyers).candidates : [];
      const pings: PingResult[] = candidates.flatMap((buyer) =>
        buyer.ping === undefined
          ? []
          : [
              {
                buyer,
                verdict: madeUpVerdict(dice, buyer.price || 50),
                latencyMs: 40 + dice.pick(1200),
                httpStatus: 200,
                answeredAt: at,
              },
            ],
      );
      await services.db.transaction().execute((trx) =>
        decideAuction(trx, {
          auction,
          lead: lead ?? {},
          pings,
          standing: candidates.filter((b) => b.ping === undefined),
          notPinged: [],
          context: {
            buyers: (key) => byKey.get(key),
            keys: services.keys,
            settings: services.delivery.routing,
            operatorFloorCents: 0,
            now: at,
          },
        }),
      );
      decided++;
    }
  }
}
