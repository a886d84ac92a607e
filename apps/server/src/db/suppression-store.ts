/**
 * Contacts that must not be contacted or sold again (opt-outs, complaints, litigators). An entry holds
 * an email, a phone or both; a contact is suppressed when either matches.
 */
import { randomUUID } from 'node:crypto';
import { usPhoneDigits } from '@app/funnel';
import type { Kysely } from 'kysely';
import { normalizeEmail } from './normalize-contact';
import type { Database } from './schema';

export interface Contact {
  email?: string | undefined;
  phone?: string | undefined;
}

export async function addSuppression(
  db: Kysely<Database>,
  entry: Contact & { reason: string; addedAt: Date },
): Promise<{ id: string }> {
  const email = normalized(entry.email, normalizeEmail);
  const phone = normalized(entry.phone, usPhoneDigits);
  if (email === null && phone === null) throw new Error('A suppression entry needs an email or a phone');
  const id = randomUUID();
  await db
    .insertInto('suppression_list')
    .values({ id, email, phone, reason: entry.reason, added_at: entry.addedAt.toISOString() })
    .execute();
  return { id };
}

export async function isSuppressed(db: Kysely<Database>, contact: Contact): Promise<boolean> {
  const query = suppressionQuery(db, contact);
  return query !== null && (await query.executeTakeFirst()) !== undefined;
}

/**
 * The suppression entry matching the contact's email or phone, as a query (isSuppressed's, and the one
 * read per lead of lead-check-reads.ts); null when the contact has neither.
 */
export function suppressionQuery(db: Kysely<Database>, contact: Contact) {
  const { email, phone } = normalizedContact(contact);
  return suppressionSelect(db, email, phone);
}

/** A contact as the suppression list holds it: each of its email and phone normalised, or null. */
export function normalizedContact(contact: Contact): { email: string | null; phone: string | null } {
  return { email: normalized(contact.email, normalizeEmail), phone: normalized(contact.phone, usPhoneDigits) };
}

/**
 * suppressionQuery of a normalised contact (lead-check-reads.ts builds it once with placeholders,
 * db/built-once.ts); null when the contact has neither.
 */
export function suppressionSelect(db: Kysely<Database>, email: string | null, phone: string | null) {
  if (email === null && phone === null) return null;
  return db
    .selectFrom('suppression_list')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(email === null ? [] : [eb('email', '=', email)]),
        ...(phone === null ? [] : [eb('phone', '=', phone)]),
      ]),
    )
    .limit(1);
}

function normalized(value: string | undefined, normalize: (value: string) => string): string | null {
  const result = value === undefined ? '' : normalize(value);
  return result === '' ? null : result;
}

/** Which of these contacts are suppressed (the delivery worker checks a whole claimed batch at once). */
export async function suppressedAmong<C extends Contact>(
  db: Kysely<Database>,
  contacts: readonly C[],
): Promise<Set<C>> {
  const emails = contacts.flatMap((c) => normalized(c.email, normalizeEmail) ?? []);
  const phones = contacts.flatMap((c) => normalized(c.phone, usPhoneDigits) ?? []);
  if (emails.length === 0 && phones.length === 0) return new Set();
  const rows = await db
    .selectFrom('suppression_list')
    .select(['email', 'phone'])
    .where((eb) =>
      eb.or([
        ...(emails.length === 0 ? [] : [eb('email', 'in', emails)]),
        ...(phones.length === 0 ? [] : [eb('phone', 'in', phones)]),
      ]),
    )
    .execute();
  const hit = new Set(rows.flatMap((r) => [r.email, r.phone]).filter((v) => v !== null));
  return new Set(
    contacts.filter(
      (c) => hit.has(normalized(c.email, normalizeEmail) ?? '') || hit.has(normalized(c.phone, usPhoneDigits) ?? ''),
    ),
  );
}
