/**
 * §9 "resend cooldown 30000 ms", enforced on the server around any SmsVerificationProvider, so neither the
 * offline provider nor Twilio can be made to send codes faster than the browser's button allows (each
 * Twilio send costs money; SMS pumping is a known abuse). A refused send answers
 * { sent: false, retryAfterMs } so the route can tell the browser how long to wait.
 *
 * The slot is taken before the send is awaited, so two simultaneous requests cannot both send, and given
 * back when the send fails, so a vendor error does not lock the visitor out for 30 s. In memory, like the
 * offline codes: several instances need a shared store (see offline-sms-provider.ts).
 */
import type { SmsSendResult, SmsVerificationProvider } from './sms-verification-provider';

export const RESEND_COOLDOWN_MS = 30_000;

export interface ResendCooldownOptions {
  cooldownMs?: number;
  /** Milliseconds clock. */
  now?: () => number;
}

export function withResendCooldown(
  provider: SmsVerificationProvider,
  options: ResendCooldownOptions = {},
): SmsVerificationProvider {
  const cooldownMs = options.cooldownMs ?? RESEND_COOLDOWN_MS;
  const now = options.now ?? Date.now;
  // Insertion order is time order (delete before set), so pruning stops at the first recent send.
  const lastSent = new Map<string, number>();

  function pruneOld(at: number): void {
    for (const [phone, sentAt] of lastSent) {
      if (at - sentAt < cooldownMs) break;
      lastSent.delete(phone);
    }
  }

  return {
    async send(phoneE164: string): Promise<SmsSendResult> {
      const at = now();
      pruneOld(at);
      const previous = lastSent.get(phoneE164);
      if (previous !== undefined) return { sent: false, retryAfterMs: cooldownMs - (at - previous) };

      lastSent.set(phoneE164, at);
      const result = await provider.send(phoneE164);
      if (!result.sent) lastSent.delete(phoneE164);
      return result;
    },
    check: (phoneE164, code) => provider.check(phoneE164, code),
  };
}
