/**
 * The one form of an email that the suppression list and validation keys compare, the same form the lead
 * schema stores (packages/funnel field-schemas: lower-case). A phone's is the domain's usPhoneDigits.
 */

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
