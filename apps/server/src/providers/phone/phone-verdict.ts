/**
 * The §5 phone verdict on a check result, as a pure function (no I/O, no clock), so it can move into the
 * domain package unchanged. §5: "valid when the service says valid, fraud_score is 85 or lower, and line
 * type is not Toll Free; error if not valid or not active. On older versions (v2 to v5, sd/v3, sd/v3b)
 * the phone is treated as not active. Service failure counts as valid and active." §8: the message
 * INVALID_PHONE_MESSAGE gives valid false and active false.
 */
import type { PhoneCheck } from './phone-provider';

/** §9 "Fraud score cap 85": a score of 85 passes, 86 does not. */
export const PHONE_FRAUD_SCORE_CAP = 85;

/** §8, word for word: IPQualityScore's answer for a number that cannot exist. */
export const INVALID_PHONE_MESSAGE = 'Invalid/nonexistent phone number or country specified is not possible.';

export interface PhoneVerdict {
  valid: boolean;
  active: boolean;
  /** true → §5 "Please provide a valid phone number". */
  error: boolean;
}

export interface PhoneVerdictContext {
  /** The visitor came through a route with legacyPhoneCheck (the route registry, §5 "older versions"). */
  olderVersion: boolean;
}

export function phoneVerdict(check: PhoneCheck, context: PhoneVerdictContext): PhoneVerdict {
  // §8 first: the vendor sends this message with success false, and it is an answer about the number,
  // not a failure of the service, so it must not fall into the "failure counts as valid" rule below.
  if (check.message.trim() === INVALID_PHONE_MESSAGE) return { valid: false, active: false, error: true };

  // §5: a failed check never stops a visitor. This comes before the older-version rule: a failure on an
  // older path still lets the visitor on (§8 "most failures are swallowed").
  if (!check.success) return { valid: true, active: true, error: false };

  const valid = check.valid && check.fraud_score <= PHONE_FRAUD_SCORE_CAP && check.line_type !== 'Toll Free';
  // §5 "on older versions the phone is treated as not active": those pages never had the vendor's
  // active signal, so it is not checked there. Read literally (active = false, then "error if not
  // active") it would refuse every phone on those pages (docs/spec-decisions.md).
  const active = context.olderVersion ? true : check.active;
  return { valid, active, error: !valid || !active };
}
