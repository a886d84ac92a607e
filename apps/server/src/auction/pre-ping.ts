/**
 * Issue 32 "Consent stays true": on a one-to-one consent page (§4 consent variants, §7
 * /buyers/get-available) the firms shown are those that can buy the lead. Ping-post buyers are asked first
 * with what the page knows at that step (the same anonymized ping, partial); one that answers "no" (no bid,
 * or a bid under its floor or the operator's) is not shown. One that cannot answer in time is still shown:
 * nothing says it will not buy, and the lead is sold only to firms the visitor chose, by auction
 * (docs/spec-decisions.md).
 */
import { pingLead, type BuyerConfig, type LeadFields } from '@app/funnel';
import { randomUUID } from 'node:crypto';
import { pingBuyers, type PingContext } from './ping-buyers';

/** A consent page's pre-ping waits at most this long (the page asks at the ZipCode step, §7). */
export const PRE_PING_DEADLINE_MS = 1_000;

/** The keys of the ping-post buyers among these that say now they would not buy a lead like this. */
export async function buyersDecliningNow(
  context: PingContext,
  buyers: readonly BuyerConfig[],
  fields: LeadFields,
  operatorFloorCents: number,
): Promise<Set<string>> {
  const pinged = buyers.flatMap((buyer) =>
    buyer.ping === undefined
      ? []
      : [{ ...buyer, ping: { ...buyer.ping, deadlineMs: Math.min(buyer.ping.deadlineMs, PRE_PING_DEADLINE_MS) } }],
  );
  if (pinged.length === 0) return new Set();
  const results = await pingBuyers(context, pinged, { lead: pingLead(fields), auctionId: `pre-${randomUUID()}` });
  const declining = new Set<string>();
  for (const { buyer, verdict } of results) {
    const floor = Math.max(operatorFloorCents, Math.round((buyer.ping?.floor ?? 0) * 100));
    if (verdict.kind === 'declined' ? verdict.reason === 'no_bid' : verdict.priceCents < floor)
      declining.add(buyer.key);
  }
  return declining;
}
