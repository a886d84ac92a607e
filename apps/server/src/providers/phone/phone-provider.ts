/**
 * Phone check (spec §7 "phone validation": response success, valid, fraud_score, line_type, active,
 * message). A port: the offline libphonenumber check by default, IPQualityScore when configured.
 * The §5 verdict on a result is phone-verdict.ts; providers only report what they found.
 */
export interface PhoneCheck {
  /** false when the service could not answer (§5: a service failure counts as valid and active). */
  success: boolean;
  valid: boolean;
  /** 0–100, IPQualityScore's risk score (§9 cap 85). */
  fraud_score: number;
  /** IPQualityScore's names: 'Wireless', 'Landline', 'VOIP', 'Toll Free', … or 'N/A' when unknown. */
  line_type: string;
  active: boolean;
  message: string;
}

export interface PhoneProvider {
  /** Checks a US phone number (10 national digits, or any formatting of them). Never throws. */
  check(phone: string): Promise<PhoneCheck>;
}

/** What a provider answers when it could not ask its service. */
export function phoneServiceFailure(message: string): PhoneCheck {
  return { success: false, valid: false, fraud_score: 0, line_type: 'N/A', active: false, message };
}
