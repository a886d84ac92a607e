/**
 * Email check (spec §7 "email validation": response success, valid, disposable, fraud_score, dns_valid).
 * A port: the offline syntax + disposable list + DNS check by default, IPQualityScore when configured.
 * The §5 verdict on a result is email-verdict.ts; providers only report what they found.
 */
export interface EmailCheck {
  /** false when the service could not answer; the verdict then blocks only what is known (disposable). */
  success: boolean;
  valid: boolean;
  disposable: boolean;
  fraud_score: number;
  /** The domain has somewhere to deliver mail (MX, or A/AAAA as the implicit MX of RFC 5321 §5.1). */
  dns_valid: boolean;
}

export interface EmailProvider {
  /** Checks an email address. Never throws. */
  check(email: string): Promise<EmailCheck>;
}

/** What a provider answers when it could not ask its service (nothing known about the address). */
export const EMAIL_SERVICE_FAILURE: EmailCheck = {
  success: false,
  valid: false,
  disposable: false,
  fraud_score: 0,
  dns_valid: false,
};
