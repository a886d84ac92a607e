/**
 * Development SMS verification: no SMS is sent; outside production the code is written to the log for the
 * developer to type (production refuses to start with this provider, startup/production-problems.ts, and
 * even then `logCodes` stays off). Codes are 6 random digits (node:crypto randomInt), kept only as a salted
 * SHA-256 hash, valid for CODE_TTL_MS, dead after MAX_WRONG_ATTEMPTS wrong tries (a resend makes a new
 * one). A 6-digit code is guessable from its hash in a second; hashing only keeps codes out of backups and
 * debug output, the protection is the expiry and the attempt limit.
 *
 * The codes live in the database (db/sms-code-store.ts), keyed by the phone's lookup key, so a check can
 * reach any server instance.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isUsE164 } from '@app/funnel';
import type { SmsCodeStore } from '../../db/sms-code-store';
import { logRef } from '../log-ref';
import type { ProviderLogger } from '../provider-logger';
import {
  isWellFormedCode,
  VERIFICATION_CODE_LENGTH,
  type SmsCheckResult,
  type SmsSendResult,
  type SmsVerificationProvider,
} from './sms-verification-provider';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;

export interface OfflineSmsOptions {
  logger: ProviderLogger;
  codes: SmsCodeStore;
  /** The phone's lookup key (db/lookup-keys.ts). */
  keyOf: (phoneE164: string) => string;
  /** Write the code to the log (development only). */
  logCodes: boolean;
  now?: () => Date;
}

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code).digest();
}

export function createOfflineSmsProvider(options: OfflineSmsOptions): SmsVerificationProvider {
  const now = options.now ?? (() => new Date());
  const pending: SmsCheckResult = { status: 'pending' };

  return {
    async send(phoneE164: string): Promise<SmsSendResult> {
      if (!isUsE164(phoneE164)) return { sent: false };
      const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
      const salt = randomBytes(16);
      await options.codes.put(options.keyOf(phoneE164), {
        salt: salt.toString('hex'),
        hash: hashCode(salt, code).toString('hex'),
        expiresAt: new Date(now().getTime() + CODE_TTL_MS),
      });
      options.logger.info(
        { phone_ref: logRef(phoneE164), ...(options.logCodes ? { code } : {}) },
        'SMS verification code (offline provider: no SMS is sent)',
      );
      return { sent: true };
    },

    async check(phoneE164: string, code: string): Promise<SmsCheckResult> {
      const key = options.keyOf(phoneE164);
      const entry = await options.codes.get(key);
      if (!entry) return pending;
      if (now() >= entry.expiresAt) {
        await options.codes.remove(key);
        return pending;
      }
      // A malformed code cannot be right; it does not use up one of the visitor's attempts.
      const typed = code.trim();
      if (!isWellFormedCode(typed)) return pending;
      if (timingSafeEqual(hashCode(Buffer.from(entry.salt, 'hex'), typed), Buffer.from(entry.hash, 'hex'))) {
        await options.codes.remove(key);
        return { status: 'approved' };
      }
      if ((await options.codes.addWrongAttempt(key)) >= MAX_WRONG_ATTEMPTS) {
        await options.codes.remove(key);
        options.logger.info(
          { phone_ref: logRef(phoneE164) },
          'verification code discarded after too many wrong attempts',
        );
      }
      return pending;
    },
  };
}
