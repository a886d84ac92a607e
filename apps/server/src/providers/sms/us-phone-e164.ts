/**
 * §7: the verification is sent "with phone in +1 format stripped of spaces, brackets and dashes". Also
 * strips dots (212.555.1234 is a common way to write a US number) and accepts a leading 1 or +1. Returns
 * null for anything that is not a North American Numbering Plan number (area code and exchange start
 * 2–9, as PhoneSchema in the domain requires), so a vendor is never asked to text an impossible number.
 */
export function toUsE164(phone: string): string | null {
  const stripped = phone.replace(/[\s()[\]\-\u2010-\u2015.]/g, '');
  const national = stripped.replace(/^\+?1(?=\d{10}$)/, '');
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national) ? `+1${national}` : null;
}

export function isUsE164(phone: string): boolean {
  return /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(phone);
}
