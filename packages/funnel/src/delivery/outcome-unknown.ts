/**
 * Issue 31: when a delivery's outcome is unknown, and what may be done about it. An attempt may have
 * reached the buyer yet told us nothing: a time-out (the request may have been read), a connection lost
 * after it was written, a 2xx answer we cannot read, a worker killed between the send and the record. For a
 * buyer that dedupes (BuyerConfig `dedupe`), sending again is harmless and is what the retry does; for one
 * that does not, a second post may be a second sale: the job becomes outcome_unknown and waits for an
 * operator, who asks the buyer and marks it delivered or not delivered, or confirms a re-send.
 */
import type { DeliveryFailure } from './buyer-answer';
import type { BuyerDedupe } from './buyer-config';

/**
 * The deadline passed before the whole request was handed to the connection (still connecting, in the TLS
 * handshake, or the buyer not reading it): the server's vendor-request.ts reports it as a network failure
 * with this code, not as a time-out after which the buyer may have the lead.
 */
export const NOT_SENT_DEADLINE_CODE = 'NOT_SENT_BEFORE_DEADLINE';

/**
 * Network failures of a connection that never carried the request (refused, no such host, no route, a TLS
 * certificate refused before anything was sent): sending again cannot sell twice.
 */
export const NOT_SENT_NETWORK_CODES: readonly string[] = [
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  NOT_SENT_DEADLINE_CODE,
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
];

/** Whether a failed attempt may have reached the buyer (and so may have sold the lead). */
export function mayHaveReachedBuyer(failure: DeliveryFailure, networkCode: string | undefined): boolean {
  if (failure === 'timeout' || failure === 'bad-answer') return true;
  if (failure === 'network') return networkCode === undefined || !NOT_SENT_NETWORK_CODES.includes(networkCode);
  // An HTTP status is the buyer's answer (408, 429, 5xx: not taken now); a config problem sent nothing.
  return false;
}

/** Whether sending one lead again to this buyer could sell it twice. */
export function resendMaySellTwice(dedupe: BuyerDedupe): boolean {
  return dedupe === 'none';
}

/** What an operator decides about a job whose outcome is unknown. */
export const UNKNOWN_OUTCOME_RESOLUTIONS = ['delivered', 'not_delivered', 'resend'] as const;
export type UnknownOutcomeResolution = (typeof UNKNOWN_OUTCOME_RESOLUTIONS)[number];
