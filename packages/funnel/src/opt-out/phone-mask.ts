/**
 * The opt-out form's phone mask, (###) ###-#### (spec §5 "Phone masked to (###) ###-####"; §9
 * "opt-out: 14 formatted"). Pure, so the input's onChange and the tests share it.
 */

/** §9: a complete masked number is 14 characters, "(512) 555-0100". */
export const OPT_OUT_PHONE_LENGTH = 14;

/** §5: the only accepted shape of a complete number. */
export const PHONE_MASK_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;

const NATIONAL_DIGITS = 10;

/**
 * Masks what is typed or pasted, progressively: "5" → "(5", "5125" → "(512) 5", ten digits →
 * "(512) 555-0100". Non-digits are ignored and digits past ten dropped, so masking a masked value
 * changes nothing. A pasted "+1 512 555 0100" keeps its national number: with eleven digits and a
 * leading 1 (the §9 country code), the 1 is dropped. Up to three digits the closing bracket is not
 * added yet, so backspace is never stuck on it.
 */
export function formatPhoneMask(raw: string): string {
  const all = raw.replace(/\D/g, '');
  const national = all.length > NATIONAL_DIGITS && all.startsWith('1') ? all.slice(1) : all;
  const digits = national.slice(0, NATIONAL_DIGITS);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length <= 3) return `(${area}`;
  if (digits.length <= 6) return `(${area}) ${exchange}`;
  return `(${area}) ${exchange}-${line}`;
}
