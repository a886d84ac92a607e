/**
 * What a buyer answered to a ping (issue 32 "Ping"): a bid (a price, the buyer's bid id, how long it holds)
 * or a decline with its reason. A late, malformed or error answer is a decline too, never a guess: a price
 * we cannot read for certain is not a bid.
 */
import type { BuyerAnswer } from '../delivery/buyer-answer';

/** Why a buyer does not bid; stored with the ping. */
export const PING_DECLINES = [
  /** The buyer answered that it does not want the lead. */
  'no_bid',
  /** No answer within the buyer's deadline. */
  'timeout',
  /** The buyer could not be reached. */
  'network',
  /** An HTTP status that is not an answer (3xx, 4xx, 5xx). */
  'http-status',
  /** An answer we cannot read: not JSON, no price, a price that is not a positive amount, no bid id. */
  'bad-answer',
  /** The ping could not be built as configured (a secret is missing). */
  'config',
  /** A bid below the buyer's or the operator's floor. */
  'below_floor',
] as const;
export type PingDecline = (typeof PING_DECLINES)[number];

export type PingVerdict =
  | {
      kind: 'bid';
      /** The price offered, in cents. */
      priceCents: number;
      /** The buyer's own id of the bid, sent back with the post; '' when the buyer has none. */
      bidRef: string;
      /** How long the bid holds after the answer. */
      validForMs: number;
      message: string;
    }
  | { kind: 'declined'; reason: PingDecline; message: string };

/** The highest price a bid may name, in US dollars (a typo of 100× is a bad answer, not a sale). */
export const MAX_BID_DOLLARS = 10_000;

/** A price read from an answer, in cents, or undefined when it is not a positive amount we can trust. */
export function bidCents(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+(\.\d{1,4})?\s*$/.test(value)) return undefined;
  const dollars = Number(value);
  if (!(dollars > 0) || dollars > MAX_BID_DOLLARS) return undefined;
  return Math.round(dollars * 100);
}

/** The decline for an answer whose status is not a 2xx. */
export function statusDecline(answer: BuyerAnswer): PingVerdict | undefined {
  if (answer.status >= 200 && answer.status < 300) return undefined;
  return { kind: 'declined', reason: 'http-status', message: `HTTP ${answer.status}` };
}

/** A price of zero ("0", "0.00"): the buyer's way of saying no. */
export function isZeroPrice(value: string): boolean {
  return /^\s*0+(\.0+)?\s*$/.test(value);
}

/**
 * The verdict of an answer that offers a price (issue 32): no price or a zero price is a decline (no_bid),
 * a price that is not a positive amount up to MAX_BID_DOLLARS or a bid without the buyer's id of it is an
 * answer we cannot read (bad-answer), anything else a bid holding for `validForMs`.
 */
export function offeredBid(offer: {
  price: string | undefined;
  /** Named in a bad answer's message ("bid", "payout", "price"). */
  priceName: string;
  bidRef: string | undefined;
  bidRefName: string;
  validForMs: number;
  message: string;
}): PingVerdict {
  const { price, message } = offer;
  if (price === undefined || isZeroPrice(price)) return { kind: 'declined', reason: 'no_bid', message };
  const priceCents = bidCents(price);
  if (priceCents === undefined) {
    return { kind: 'declined', reason: 'bad-answer', message: `${offer.priceName} ${price}` };
  }
  const bidRef = offer.bidRef?.trim() ?? '';
  if (bidRef === '') return { kind: 'declined', reason: 'bad-answer', message: `no ${offer.bidRefName}` };
  return { kind: 'bid', priceCents, bidRef, validForMs: offer.validForMs, message };
}
