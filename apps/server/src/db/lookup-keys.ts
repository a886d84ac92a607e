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

/** LOOKUP_KEY_SECRET, or the database's own (made once; two servers starting at once agree on one). */
export async function lookupKeySecret(
  db: Kysely<Database>,
  configured: string | undefined,
  now: Date,
): Promise<string> {
  return configured || storedSecret(db, SECRET_NAME, now);
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
