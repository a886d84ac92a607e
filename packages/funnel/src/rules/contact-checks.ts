/**
 * The server's own phone and email checks on a posted lead (§5, issue 9): the browser's checks are
 * advisory, so a body posted straight to the server is checked again (or a recent check of the same
 * input is reused) and §5's rules decide. A failing check keeps the lead (nothing is lost) but
 * disqualifies it, so it is never sold (lead/lead-record.ts).
 */
import { z } from 'zod';

/**
 * passed; failed (§5: not valid, fraud score over 85, Toll Free, or not active); unavailable (the
 * service failed: §5 "service failure counts as valid and active"); not_checked (the flow checks only
 * the length, §5 multi-step form).
 */
export const PhoneCheckOutcomeSchema = z.enum(['passed', 'failed', 'unavailable', 'not_checked']);
/** passed; blocked (§5: invalid or disposable); let_through (§5: the second block of an address); unavailable. */
export const EmailCheckOutcomeSchema = z.enum(['passed', 'blocked', 'let_through', 'unavailable']);
export type PhoneCheckOutcome = z.infer<typeof PhoneCheckOutcomeSchema>;
export type EmailCheckOutcome = z.infer<typeof EmailCheckOutcomeSchema>;

export interface ContactChecks {
  phone: PhoneCheckOutcome;
  /** What failed: invalid, fraud_score, toll_free, inactive; '' when nothing did. */
  phoneReason: string;
  email: EmailCheckOutcome;
  /** invalid or disposable (also when let through); '' otherwise. */
  emailReason: string;
}

/** The dq_reason the checks call for, or null when they pass. Phone first, as the step order. */
export function contactCheckReason(checks: ContactChecks): string | null {
  if (checks.phone === 'failed') return 'phone_check|failed';
  return checks.email === 'blocked' ? 'email_check|blocked' : null;
}
