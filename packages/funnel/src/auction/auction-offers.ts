/**
 * Choosing the winners of an auction (issue 32 "Choose"): the bids of the ping-post buyers and the standing
 * bids of the direct-post buyers (their fixed price), highest first. A ping bid below its buyer's floor or
 * the operator's is not an offer; a standing bid is a price the operator already agreed, so no floor cuts
 * it (docs/decisions/0031-ping-post-auction.md). Ties: the ping bid first (a buyer that priced this very
 * lead), then the higher priority, then the key. Pure.
 */
export interface Offer {
  buyerKey: string;
  kind: 'ping' | 'standing';
  priceCents: number;
  priority: number;
  /** A ping bid holds until then (ISO); a standing bid always. */
  expiresAt: string | null;
}

export interface Floors {
  /** The operator's floor for every ping bid, in cents (AUCTION_FLOOR). */
  operatorCents: number;
  /** A ping-post buyer's own floor, in cents. */
  buyerCents: (buyerKey: string) => number;
}

export function compareOffers(a: Offer, b: Offer): number {
  return (
    b.priceCents - a.priceCents ||
    (a.kind === b.kind ? 0 : a.kind === 'ping' ? -1 : 1) ||
    b.priority - a.priority ||
    a.buyerKey.localeCompare(b.buyerKey)
  );
}

/** The floor a ping bid of this buyer must reach; 0 for a standing bid. */
export function floorOf(offer: Offer, floors: Floors): number {
  return offer.kind === 'standing' ? 0 : Math.max(floors.operatorCents, floors.buyerCents(offer.buyerKey));
}

export function rankOffers(offers: readonly Offer[], floors: Floors): { ranked: Offer[]; belowFloor: Offer[] } {
  const ranked: Offer[] = [];
  const belowFloor: Offer[] = [];
  for (const offer of offers) (offer.priceCents >= floorOf(offer, floors) ? ranked : belowFloor).push(offer);
  return { ranked: ranked.sort(compareOffers), belowFloor };
}

/** A ping bid still holds at `now`; a standing bid always does. */
export function offerHolds(offer: Offer, now: Date): boolean {
  return offer.expiresAt === null || Date.parse(offer.expiresAt) > now.getTime();
}

/**
 * The next offer to post to, after a refusal or at the decision: the best one still holding whose buyer has
 * not had this lead yet (no lead is offered twice to one buyer).
 */
export function nextOffer(ranked: readonly Offer[], taken: ReadonlySet<string>, now: Date): Offer | undefined {
  return ranked.find((offer) => !taken.has(offer.buyerKey) && offerHolds(offer, now));
}
