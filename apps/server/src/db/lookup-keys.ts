/**
 * Lookup keys: the form in which an email, a phone or a description is found again without being kept
 * (validation results, SMS codes, counters). HMAC-SHA256 with a server secret, not a plain hash: a plain
 * SHA-256 of a US phone number is reversed by trying all 10^10 numbers (issue 9). The secret is
 * LOOKUP_KEY_SECRET (required in production); elsewhere one is made at first start and kept in the
 * database, so keys stay the same across restarts and instances.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { usPhoneDigits } from '@app/funnel';
import type { Kysely } from 'kysely';
import { normalizeEmail } from './normalize-contact';
import type { Database } from './schema';

export type LookupKind = 'phone' | 'email' | 'text';

export interface LookupKeys {
  /** 64 hex characters; equal inputs (after normalising) give equal keys. */
  of(kind: LookupKind, input: string): string;
}

function normalized(kind: LookupKind, input: string): string {
  if (kind === 'email') return normalizeEmail(input);
  if (kind === 'phone') return usPhoneDigits(input);
  return input.trim().replace(/\s+/g, ' ');
}

/**
 * A lead needs its email's and phone's keys about eight times over (limits, checks, claims): the last
 * inputs' keys are kept, up to LOOKUP_KEY_MEMO entries, then forgotten at once (issue 15). The memory holds
 * recent contacts for as long as a lead's requests do; nothing is written anywhere.
 */
const LOOKUP_KEY_MEMO = 1024;

export function createLookupKeys(secret: string): LookupKeys {
  const memo = new Map<string, string>();
  return {
    of: (kind, input) => {
      const id = `${kind}:${input}`;
      let key = memo.get(id);
      if (key === undefined) {
        key = createHmac('sha256', secret)
          .update(`${kind}:${normalized(kind, input)}`, 'utf8')
          .digest('hex');
        if (memo.size >= LOOKUP_KEY_MEMO) memo.clear();
        memo.set(id, key);
      }
      return key;
    },
  };
}

const SECRET_NAME = 'lookup-key-secret';
/** Issue 30: the fingerprint of the secret the database's lookup keys were made with (never the secret). */
export const FINGERPRINT_NAME = 'lookup-key-fingerprint';

/**
 * A fingerprint of a lookup-key secret: an HMAC of a fixed text with it. Two secrets give the same one only
 * if they are the same; the secret cannot be found from it (the secret is 32+ characters, not guessable).
 */
export function lookupKeyFingerprint(secret: string): string {
  return createHmac('sha256', secret).update('funnel lookup-key fingerprint v1', 'utf8').digest('hex');
}

/**
 * LOOKUP_KEY_SECRET, or the database's own (made once; two servers starting at once agree on one). Issue 30:
 * the first start records the secret's fingerprint in the database; an instance whose secret disagrees is
 * refused, since its keys would not find the fleet's (the per-contact daily limit, SMS codes, duplicate
 * claims would stop holding across instances).
 */
export async function lookupKeySecret(
  db: Kysely<Database>,
  configured: string | undefined,
  now: Date,
): Promise<string> {
  const secret = configured || (await storedSecret(db, SECRET_NAME, now));
  const fingerprint = lookupKeyFingerprint(secret);
  await db
    .insertInto('server_secrets')
    .values({ name: FINGERPRINT_NAME, value: fingerprint, created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const recorded = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', FINGERPRINT_NAME)
    .executeTakeFirstOrThrow();
  if (recorded.value !== fingerprint) {
    throw new Error(
      `LOOKUP_KEY_SECRET: ${configured ? 'differs from' : 'is unset, and the database’s own secret differs from'} the secret ` +
        `this database's lookup keys were made with (fingerprint ${recorded.value.slice(0, 12)}…, this instance's ` +
        `${fingerprint.slice(0, 12)}…). Every instance on one database must use the same LOOKUP_KEY_SECRET: set the ` +
        'fleet’s. To change the secret on purpose (contact limits and duplicate checks start afresh), stop every ' +
        'instance and run `ops lookup-key forget` (docs/operations.md).',
    );
  }
  return secret;
}

/** Issue 30: forgets the recorded fingerprint, so the next start records its secret's (a deliberate change). */
export async function forgetLookupKeyFingerprint(db: Kysely<Database>): Promise<boolean> {
  const result = await db.deleteFrom('server_secrets').where('name', '=', FINGERPRINT_NAME).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A secret of the server's kept in the database: made once, the same for every instance after. */
export async function storedSecret(db: Kysely<Database>, name: string, now: Date): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(32).toString('hex'), created_at: now.toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
