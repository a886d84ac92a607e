/**
 * The two ways a US number's ten national digits are written: for people, "(512) 555-0100" (§5), and for
 * a dialler or an SMS vendor, E.164 "+15125550100" (§7, §9 country code +1). Which digits are a US number
 * is the rule's (lead/us-phone.ts). These two stand apart from it because the survey's first chunk shows
 * and dials the brand's number in its header, and issue 10 keeps the rule out of that chunk.
 */
import { US_COUNTRY_CODE } from '../constants';

/** "(512) 555-0100". */
export function formatUsPhone(national: string): string {
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/** "+15125550100": what a `tel:` link dials and an SMS vendor texts. */
export function formatUsPhoneE164(national: string): string {
  return `+${US_COUNTRY_CODE}${national}`;
}
