/**
 * The one form of an email and a phone that the suppression list and validation keys compare, the same
 * form the lead schema stores (packages/funnel field-schemas: lower-case email, 10 national digits).
 */

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Digits only; a leading US country code 1 on an 11-digit number is dropped (§9 country code +1). */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}
