/**
 * Issue 15: what the server reads about a posted lead's contact, in one statement (one round trip on
 * PostgreSQL, one prepared statement on SQLite) instead of five: the newest reusable phone and email check
 * results, the email's blocks of the day (§5 "second block"), the suppression list, and the phone's SMS
 * approval. Each part is its store's own query (validation-store.ts, suppression-store.ts,
 * sms-verification-store.ts), run as a scalar subquery; the readers judge the answers as before.
 */
import type { Kysely } from 'kysely';
import { parseJson } from './parse-json';
import type { Database } from './schema';
import { isVerificationValid, smsVerificationQuery } from './sms-verification-store';
import { suppressionQuery } from './suppression-store';
import { emailBlocksQuery, latestValidationQuery } from './validation-store';

/** A check result read beforehand: the newest reusable one (result undefined: none). */
export interface RecentCheck {
  result: unknown;
}

export interface LeadCheckReads {
  phone: RecentCheck;
  /** With the address's blocks since `blocksSince`. */
  email: RecentCheck & { blocks: number };
  suppressed: boolean;
  smsVerified: boolean;
}

export interface LeadCheckKeys {
  email: string;
  phone: string;
  /** Lookup keys (db/lookup-keys.ts) of the email and the phone. */
  emailKey: string;
  phoneKey: string;
  /** Check results older than this are not reused. */
  reuseSince: Date;
  /** Email blocks from this time on count. */
  blocksSince: Date;
  /** When the lead was received: an SMS approval counts for a while around it. */
  at: Date;
}

export async function readLeadChecks(db: Kysely<Database>, keys: LeadCheckKeys): Promise<LeadCheckReads> {
  const suppression = suppressionQuery(db, keys);
  const row = await db
    .selectNoFrom((eb) => [
      latestValidationQuery(db, 'phone', keys.phoneKey, keys.reuseSince).select('result').as('phone_result'),
      latestValidationQuery(db, 'email', keys.emailKey, keys.reuseSince).select('result').as('email_result'),
      emailBlocksQuery(db, keys.emailKey, keys.blocksSince).as('email_blocks'),
      (suppression === null ? eb.val(0) : eb.case().when(eb.exists(suppression)).then(1).else(0).end()).as(
        'suppressed',
      ),
      smsVerificationQuery(db, keys.phoneKey).as('sms_verified_at'),
    ])
    .executeTakeFirstOrThrow();
  return {
    phone: { result: jsonOrUndefined(row.phone_result) },
    email: { result: jsonOrUndefined(row.email_result), blocks: Number(row.email_blocks ?? 0) },
    suppressed: Number(row.suppressed) === 1,
    smsVerified: isVerificationValid(row.sms_verified_at, keys.at),
  };
}

function jsonOrUndefined(text: string | null): unknown {
  return text === null ? undefined : parseJson(text);
}
