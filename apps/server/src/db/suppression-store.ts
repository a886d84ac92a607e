/**
 * Contacts that must not be contacted or sold again (opt-outs, complaints, litigators). An entry holds
 * an email, a phone or both; a contact is suppressed when either matches.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { normalizeEmail, normalizePhone } from './normalize-contact';
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
  const phone = normalized(entry.phone, normalizePhone);
  if (email === null && phone === null) throw new Error('A suppression entry needs an email or a phone');
  const id = randomUUID();
  await db
    .insertInto('suppression_list')
    .values({ id, email, phone, reason: entry.reason, added_at: entry.addedAt.toISOString() })
    .execute();
  return { id };
}

export async function isSuppressed(db: Kysely<Database>, contact: Contact): Promise<boolean> {
  const email = normalized(contact.email, normalizeEmail);
  const phone = normalized(contact.phone, normalizePhone);
  if (email === null && phone === null) return false;
  const row = await db
    .selectFrom('suppression_list')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(email === null ? [] : [eb('email', '=', email)]),
        ...(phone === null ? [] : [eb('phone', '=', phone)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

function normalized(value: string | undefined, normalize: (value: string) => string): string | null {
  const result = value === undefined ? '' : normalize(value);
  return result === '' ? null : result;
}
