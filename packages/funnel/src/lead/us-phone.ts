/**
 * The US phone rule, in one place (spec §5 "Phone: required, at least 10 characters", §7 "+1 format", §9
 * "Country code +1"). A phone is the digits written, a leading country code 1 dropped from eleven (a pasted
 * "+1 512 555 0100"); it is a US number when those are ten digits whose area code and exchange start with
 * 2–9, as the North American Numbering Plan requires, so an impossible number is refused here rather than
 * by a vendor. The survey's schema, the server's lookup keys, SMS and phone vendors, the console's search,
 * the masks, the brands and the call-tracking number all read phones with it; format-us-phone.ts writes them.
 */
import { PHONE_MIN_DIGITS, US_COUNTRY_CODE } from '../constants';
import { formatUsPhone, formatUsPhoneE164 } from './format-us-phone';

/** Ten national digits, area code and exchange starting with 2–9. */
export const US_PHONE_PATTERN = /^[2-9]\d{2}[2-9]\d{6}$/;

/** The digits of a written phone, a leading country code 1 dropped from eleven: "+1 (512) 555-0100" → "5125550100". */
export function usPhoneDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === PHONE_MIN_DIGITS + 1 && digits.startsWith(US_COUNTRY_CODE) ? digits.slice(1) : digits;
}

export function isUsPhone(national: string): boolean {
  return US_PHONE_PATTERN.test(national);
}

/** The ten national digits of a written US number, or null when it is not one. */
export function readUsPhone(raw: string): string | null {
  const national = usPhoneDigits(raw);
  return isUsPhone(national) ? national : null;
}

/** A written US number in E.164, "+15125550100", or null when it is not one. */
export function toUsE164(raw: string): string | null {
  const national = readUsPhone(raw);
  return national === null ? null : formatUsPhoneE164(national);
}

/** Whether a phone is a US number written in E.164 already (what the SMS vendors are given). */
export function isUsE164(phone: string): boolean {
  return toUsE164(phone) === phone;
}

/** Written exactly as formatUsPhone writes ten digits; the digits themselves are not held to the rule. */
export function isFormattedUsPhone(value: string): boolean {
  const digits = usPhoneDigits(value);
  return digits.length === PHONE_MIN_DIGITS && formatUsPhone(digits) === value;
}

/**
 * The as-you-type mask (§5 "(###) ###-####"): "5" → "(5", "5125" → "(512) 5", ten digits → "(512) 555-0100".
 * Non-digits are ignored, a leading country code 1 of eleven digits is dropped and digits past ten too, so
 * masking a masked value changes nothing. Up to three digits the closing bracket is not written yet, so
 * backspace is never stuck on it.
 */
export function maskUsPhone(raw: string): string {
  const digits = usPhoneDigits(raw).slice(0, PHONE_MIN_DIGITS);
  if (digits.length > 6) return formatUsPhone(digits);
  if (digits.length > 3) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return digits === '' ? '' : `(${digits}`;
}
