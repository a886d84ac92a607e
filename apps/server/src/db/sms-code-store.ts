/**
 * Offline SMS codes in the database, so a code sent by one server instance is checked by any other
 * (docs/decisions/0011). Rows are keyed by the phone's lookup key, never the number; the code itself is
 * kept as a salted SHA-256 (providers/sms/offline-sms-provider.ts says why that is enough).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';

export interface StoredCode {
  salt: string;
  hash: string;
  expiresAt: Date;
  wrongAttempts: number;
}

export interface SmsCodeStore {
  /** Replaces any pending code of the phone (a resend makes a new one). */
  put(phoneKey: string, code: { salt: string; hash: string; expiresAt: Date }): Promise<void>;
  get(phoneKey: string): Promise<StoredCode | undefined>;
  /** One more wrong try; answers the new count (0 when there was no pending code). */
  addWrongAttempt(phoneKey: string): Promise<number>;
  remove(phoneKey: string): Promise<void>;
}

export function createSmsCodeStore(db: Kysely<Database>): SmsCodeStore {
  return {
    async put(phoneKey, code) {
      const values = { salt: code.salt, hash: code.hash, expires_at: code.expiresAt.toISOString(), wrong_attempts: 0 };
      await db
        .insertInto('sms_codes')
        .values({ phone_key: phoneKey, ...values })
        .onConflict((oc) => oc.column('phone_key').doUpdateSet(values))
        .execute();
    },
    async get(phoneKey) {
      const row = await db.selectFrom('sms_codes').selectAll().where('phone_key', '=', phoneKey).executeTakeFirst();
      return (
        row && {
          salt: row.salt,
          hash: row.hash,
          expiresAt: new Date(row.expires_at),
          wrongAttempts: Number(row.wrong_attempts),
        }
      );
    },
    async addWrongAttempt(phoneKey) {
      const row = await db
        .updateTable('sms_codes')
        .set((eb) => ({ wrong_attempts: eb('wrong_attempts', '+', 1) }))
        .where('phone_key', '=', phoneKey)
        .returning('wrong_attempts')
        .executeTakeFirst();
      return row ? Number(row.wrong_attempts) : 0;
    },
    async remove(phoneKey) {
      await db.deleteFrom('sms_codes').where('phone_key', '=', phoneKey).execute();
    },
  };
}

export async function deleteExpiredSmsCodes(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('sms_codes').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
