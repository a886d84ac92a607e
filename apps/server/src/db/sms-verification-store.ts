/**
 * The SMS checks the server approved (spec §4 "Phone verification", §3 sms_verified; issue 13): the
 * verification route records the approval by the phone's lookup key (never the number), and the intake
 * reads it to set sms_verified on the lead it stores. A body's sms_verified is never read.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** How long an approved check verifies the leads of that phone: the survey's last step is minutes away. */
export const SMS_VERIFICATION_VALID_MS = 24 * 60 * 60 * 1000;

export async function recordSmsVerification(db: Kysely<Database>, phoneKey: string, at: Date): Promise<void> {
  const verified_at = at.toISOString();
  await db
    .insertInto('sms_verifications')
    .values({ phone_key: phoneKey, verified_at })
    .onConflict((oc) => oc.column('phone_key').doUpdateSet({ verified_at }))
    .execute();
}

/** Whether the phone passed an SMS check within the validity window before `at`. */
export async function isSmsVerified(db: Kysely<Database>, phoneKey: string, at: Date): Promise<boolean> {
  const row = await smsVerificationQuery(db, phoneKey).executeTakeFirst();
  return isVerificationValid(row?.verified_at, at);
}

/** The phone's approval, as a query (its one column `verified_at`). */
export function smsVerificationQuery(db: Kysely<Database>, phoneKey: string) {
  return db.selectFrom('sms_verifications').select('verified_at').where('phone_key', '=', phoneKey);
}

/** An approval recorded at `verifiedAt` (undefined: none) verifies a lead received at `at`. */
export function isVerificationValid(verifiedAt: string | null | undefined, at: Date): boolean {
  if (verifiedAt === null || verifiedAt === undefined) return false;
  const verified = Date.parse(verifiedAt);
  return verified <= at.getTime() + 60_000 && at.getTime() - verified <= SMS_VERIFICATION_VALID_MS;
}

/** Retention: approvals past their window are of no further use. */
export async function deleteExpiredSmsVerifications(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SMS_VERIFICATION_VALID_MS).toISOString();
  const result = await db.deleteFrom('sms_verifications').where('verified_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
