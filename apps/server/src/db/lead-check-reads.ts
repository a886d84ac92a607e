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
import { builtOnce } from './built-once';
import { storedLeadQuery, verdictOfRow } from './lead-store';
import { parseJson } from './parse-json';
import type { Database } from './schema';
import { isVerificationValid, smsVerificationQuery } from './sms-verification-store';
import { normalizedContact, suppressionSelect } from './suppression-store';
import { checkedKey, emailBlocksSelect, latestValidationSelect } from './validation-store';

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

/**
 * The read, built and compiled once for each of its shapes (db/built-once.ts): the suppression part holds
 * the contact's email, its phone, or both, as they normalise.
 */
function leadCheckRead(suppressEmail: boolean, suppressPhone: boolean) {
  return builtOnce((db, slot) => {
    const suppression = suppressionSelect(
      db,
      suppressEmail ? slot.text('suppressEmail') : null,
      suppressPhone ? slot.text('suppressPhone') : null,
    );
    const leadId = slot.text('leadId');
    const phoneKey = slot.text('phoneKey');
    const emailKey = slot.text('emailKey');
    const reuseSince = slot.text('reuseSince');
    return db.selectNoFrom((eb) => [
      storedLeadQuery(db, leadId).select('is_disqualified').as('stored_is_disqualified'),
      storedLeadQuery(db, leadId).select('dq_reason').as('stored_dq_reason'),
      storedLeadQuery(db, leadId).select('lead_is_qualified').as('stored_lead_is_qualified'),
      latestValidationSelect(db, 'phone', phoneKey, reuseSince).select('result').as('phone_result'),
      latestValidationSelect(db, 'email', emailKey, reuseSince).select('result').as('email_result'),
      emailBlocksSelect(db, emailKey, slot.text('blocksSince')).as('email_blocks'),
      (suppression === null ? eb.val(0) : eb.case().when(eb.exists(suppression)).then(1).else(0).end()).as(
        'suppressed',
      ),
      smsVerificationQuery(db, phoneKey).as('sms_verified_at'),
    ]);
  });
}

const LEAD_CHECK_READS = {
  both: leadCheckRead(true, true),
  email: leadCheckRead(true, false),
  phone: leadCheckRead(false, true),
  neither: leadCheckRead(false, false),
};

export async function readLeadChecks(db: Kysely<Database>, keys: LeadCheckKeys): Promise<LeadCheckReads> {
  const contact = normalizedContact(keys);
  const common = {
    leadId: keys.leadId,
    phoneKey: checkedKey(keys.phoneKey),
    emailKey: checkedKey(keys.emailKey),
    reuseSince: keys.reuseSince.toISOString(),
    blocksSince: keys.blocksSince.toISOString(),
  };
  const { rows } =
    contact.email !== null && contact.phone !== null
      ? await LEAD_CHECK_READS.both(db, { ...common, suppressEmail: contact.email, suppressPhone: contact.phone })
      : contact.email !== null
        ? await LEAD_CHECK_READS.email(db, { ...common, suppressEmail: contact.email })
        : contact.phone !== null
          ? await LEAD_CHECK_READS.phone(db, { ...common, suppressPhone: contact.phone })
          : await LEAD_CHECK_READS.neither(db, common);
  const [row] = rows;
  if (row === undefined) throw new Error('the lead check read returned no row');
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
