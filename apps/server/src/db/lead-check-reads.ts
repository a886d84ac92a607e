/**
 * Issue 15: what the server reads about a posted lead, in one statement (one round trip on PostgreSQL, one
 * prepared statement on SQLite) instead of six: the verdict of a lead already stored under its id (a
 * repeat is answered with it), the newest reusable phone and email check results, the email's blocks of
 * the day (§5 "second block"), the suppression list, and the phone's SMS approval. Each part is its
 * store's own query (lead-store.ts, validation-store.ts, suppression-store.ts, sms-verification-store.ts),
 * run as a scalar subquery; the readers judge the answers as before.
 */
import type { LeadVerdict } from '@app/funnel';
import type { Kysely } from 'kysely';
import { storedLeadQuery, verdictOfRow } from './lead-store';
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
  /** The verdict stored with a lead of this id in `leads`, or undefined when there is none. */
  stored: LeadVerdict | undefined;
  phone: RecentCheck;
  /** With the address's blocks since `blocksSince`. */
  email: RecentCheck & { blocks: number };
  suppressed: boolean;
  smsVerified: boolean;
}

export interface LeadCheckKeys {
  /** The lead's id (a repeat of a stored one is answered with its stored verdict). */
  leadId: string;
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
      storedLeadQuery(db, keys.leadId).select('is_disqualified').as('stored_is_disqualified'),
      storedLeadQuery(db, keys.leadId).select('dq_reason').as('stored_dq_reason'),
      storedLeadQuery(db, keys.leadId).select('lead_is_qualified').as('stored_lead_is_qualified'),
      latestValidationQuery(db, 'phone', keys.phoneKey, keys.reuseSince).select('result').as('phone_result'),
      latestValidationQuery(db, 'email', keys.emailKey, keys.reuseSince).select('result').as('email_result'),
      emailBlocksQuery(db, keys.emailKey, keys.blocksSince).as('email_blocks'),
      (suppression === null ? eb.val(0) : eb.case().when(eb.exists(suppression)).then(1).else(0).end()).as(
        'suppressed',
      ),
      smsVerificationQuery(db, keys.phoneKey).as('sms_verified_at'),
    ])
    .executeTakeFirstOrThrow();
  const stored =
    row.stored_is_disqualified === null || row.stored_dq_reason === null || row.stored_lead_is_qualified === null
      ? undefined
      : verdictOfRow({
          is_disqualified: row.stored_is_disqualified,
          dq_reason: row.stored_dq_reason,
          lead_is_qualified: row.stored_lead_is_qualified,
        });
  return {
    stored,
    phone: { result: jsonOrUndefined(row.phone_result) },
    email: { result: jsonOrUndefined(row.email_result), blocks: Number(row.email_blocks ?? 0) },
    suppressed: Number(row.suppressed) === 1,
    smsVerified: isVerificationValid(row.sms_verified_at, keys.at),
  };
}

function jsonOrUndefined(text: string | null): unknown {
  return text === null ? undefined : parseJson(text);
}
