/**
 * Two-step phone verification (spec §4 "Phone verification": send code, enter a 6-character code,
 * approved or not; §7 "two-step verification": send with the phone in +1 format, answer sent; check,
 * status approved means verified, an error counts as not approved). A port: the offline development
 * provider by default (the code goes to the log), Twilio Verify when configured.
 *
 * Phones are E.164 US numbers (+1 and 10 digits, see toUsE164). Neither method throws: every failure is
 * { sent: false } or { status: 'pending' }.
 */
export interface SmsSendResult {
  sent: boolean;
}

export interface SmsCheckResult {
  status: 'approved' | 'pending';
}

export interface SmsVerificationProvider {
  send(phoneE164: string): Promise<SmsSendResult>;
  check(phoneE164: string, code: string): Promise<SmsCheckResult>;
}

/** §9 "code length 6". */
export const VERIFICATION_CODE_LENGTH = 6;

export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`).test(code);
}
