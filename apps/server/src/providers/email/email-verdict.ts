/**
 * The §5 email verdict on a check result, as a pure function: "blocked if invalid or disposable. On the
 * second block of the same address it is let through and an alert message is sent."
 *
 * Counting blocks needs storage the providers do not own, so the caller passes `previousBlocks`: how many
 * times this same address was blocked before (0 the first time). Any repeat after a block is let through
 * with an alert, not only the second: a visitor insisting on an address is more likely real than not,
 * and the alert lets the operator look.
 *
 * A failed check (success false) blocks only what is known without the service: the offline provider
 * still knows a disposable domain, IPQualityScore's failure result knows nothing (§8 failures swallowed).
 */
import type { EmailCheck } from './email-provider';

export type EmailBlockReason = 'invalid' | 'disposable';

export interface EmailVerdict {
  /** true → §5 "Please provide a valid email". */
  blocked: boolean;
  /** Why the address would be blocked, also when it is let through on a repeat; null when it is fine. */
  reason: EmailBlockReason | null;
  /** true → send emailLetThroughAlert(reason) to the alerts port. */
  alert: boolean;
}

export function emailVerdict(check: EmailCheck, previousBlocks: number): EmailVerdict {
  const reason: EmailBlockReason | null = check.disposable
    ? 'disposable'
    : check.success && !check.valid
      ? 'invalid'
      : null;
  if (reason === null) return { blocked: false, reason: null, alert: false };
  if (previousBlocks >= 1) return { blocked: false, reason, alert: true };
  return { blocked: true, reason, alert: false };
}

/** The alert text: no address in it (alerts leave the system; the lead row has the address). */
export function emailLetThroughAlert(reason: EmailBlockReason): string {
  return `Email check: an address blocked as ${reason} was submitted again and let through (spec §5).`;
}
