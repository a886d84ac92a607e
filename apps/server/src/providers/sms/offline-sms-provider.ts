/**
 * Development SMS verification: no SMS is sent; the code is written to the log for the developer to type.
 * Codes are 6 random digits (node:crypto randomInt), kept only as a salted SHA-256 hash, valid for
 * CODE_TTL_MS, dead after MAX_WRONG_ATTEMPTS wrong tries (a resend makes a new one). A 6-digit code is
 * guessable from its hash in a second; hashing only keeps codes out of heap dumps and debug output, the
 * protection is the expiry and the attempt limit.
 *
 * The codes live in this process's memory: with several server instances, a check can reach an instance
 * that never saw the send. Before running more than one instance, move the store to the database or
 * Redis (the same limits), or use Twilio Verify, which keeps the codes itself.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { logRef } from '../log-ref';
import type { ProviderLogger } from '../provider-logger';
import {
  isWellFormedCode,
  VERIFICATION_CODE_LENGTH,
  type SmsCheckResult,
  type SmsSendResult,
  type SmsVerificationProvider,
} from './sms-verification-provider';
import { isUsE164 } from './us-phone-e164';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_WRONG_ATTEMPTS = 5;

export interface OfflineSmsOptions {
  logger: ProviderLogger;
  /** Milliseconds clock. */
  now?: () => number;
}

interface PendingCode {
  salt: Buffer;
  hash: Buffer;
  expiresAt: number;
  wrongAttempts: number;
}

function hashCode(salt: Buffer, code: string): Buffer {
  return createHash('sha256').update(salt).update(code).digest();
}

export function createOfflineSmsProvider(options: OfflineSmsOptions): SmsVerificationProvider {
  const now = options.now ?? Date.now;
  // Insertion order is expiry order (each send deletes before it sets), so pruning stops at the first live code.
  const pending = new Map<string, PendingCode>();

  function pruneExpired(at: number): void {
    for (const [phone, entry] of pending) {
      if (entry.expiresAt > at) break;
      pending.delete(phone);
    }
  }

  return {
    send(phoneE164: string): Promise<SmsSendResult> {
      if (!isUsE164(phoneE164)) return Promise.resolve({ sent: false });
      const at = now();
      pruneExpired(at);
      const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
      const salt = randomBytes(16);
      pending.delete(phoneE164);
      pending.set(phoneE164, { salt, hash: hashCode(salt, code), expiresAt: at + CODE_TTL_MS, wrongAttempts: 0 });
      options.logger.info(
        { phone_ref: logRef(phoneE164), code },
        'SMS verification code (offline provider: no SMS is sent)',
      );
      return Promise.resolve({ sent: true });
    },

    check(phoneE164: string, code: string): Promise<SmsCheckResult> {
      const pendingResult: SmsCheckResult = { status: 'pending' };
      const entry = pending.get(phoneE164);
      if (!entry) return Promise.resolve(pendingResult);
      if (now() >= entry.expiresAt) {
        pending.delete(phoneE164);
        return Promise.resolve(pendingResult);
      }
      // A malformed code cannot be right; it does not use up one of the visitor's attempts.
      const typed = code.trim();
      if (!isWellFormedCode(typed)) return Promise.resolve(pendingResult);
      if (timingSafeEqual(hashCode(entry.salt, typed), entry.hash)) {
        pending.delete(phoneE164);
        return Promise.resolve({ status: 'approved' });
      }
      entry.wrongAttempts += 1;
      if (entry.wrongAttempts >= MAX_WRONG_ATTEMPTS) {
        pending.delete(phoneE164);
        options.logger.info(
          { phone_ref: logRef(phoneE164) },
          'verification code discarded after too many wrong attempts',
        );
      }
      return Promise.resolve(pendingResult);
    },
  };
}
