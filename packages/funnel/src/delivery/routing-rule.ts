/**
 * The routing rule (issue 14 "Delivery"): a lead is sold exclusively to the best-priced eligible buyer,
 * or shared with up to N of them, best-priced first. The ranking is pure; the server walks it,
 * skipping candidates that are capped or already have the contact, until it has enough buyers.
 */
import { z } from 'zod';
import type { BuyerConfig } from './buyer-config';
import { buyerRefusal, type BuyerRefusal, type LeadFields } from './buyer-eligibility';

export const RoutingRuleSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('exclusive') }),
  z.object({ mode: z.literal('shared'), maxBuyers: z.number().int().min(1).max(50) }),
]);
export type RoutingRule = z.infer<typeof RoutingRuleSchema>;

/** How many buyers a lead goes to at most. */
export function buyersWanted(rule: RoutingRule): number {
  return rule.mode === 'exclusive' ? 1 : rule.maxBuyers;
}

export interface BuyerDecision {
  buyer: string;
  /**
   * chosen: a delivery job was made; refused: why not; offered: issue 32, the lead went to auction and this
   * buyer takes part (a ping, or its price as a standing bid): the auction's bids say the rest.
   */
  result: 'chosen' | 'refused' | 'not_needed' | 'offered';
  reason?: BuyerRefusal;
}

export interface RankedBuyers {
  /** Eligible buyers, best first: higher price, then higher priority, then key. */
  candidates: BuyerConfig[];
  refused: BuyerDecision[];
}

export function compareBuyers(a: BuyerConfig, b: BuyerConfig): number {
  return b.price - a.price || b.priority - a.priority || a.key.localeCompare(b.key);
}

/** Issue 32: a lead with a ping-post buyer among its candidates is sold by auction (auction/). */
export function goesToAuction(candidates: readonly BuyerConfig[]): boolean {
  return candidates.some((buyer) => buyer.ping !== undefined);
}

export function rankBuyers(lead: LeadFields, buyers: readonly BuyerConfig[]): RankedBuyers {
  const candidates: BuyerConfig[] = [];
  const refused: BuyerDecision[] = [];
  for (const buyer of buyers) {
    const reason = buyerRefusal(lead, buyer);
    if (reason === null) candidates.push(buyer);
    else refused.push({ buyer: buyer.key, result: 'refused', reason });
  }
  return { candidates: candidates.sort(compareBuyers), refused };
}

/** Why a lead is not sent at all, before any buyer is looked at (disqualified, suppressed). */
export function leadNotSendable(lead: LeadFields): string | null {
  if (lead.suppressed === 'yes') return 'suppressed';
  if (lead.is_disqualified === true) return `disqualified:${typeof lead.dq_reason === 'string' ? lead.dq_reason : ''}`;
  return null;
}
