/**
 * Captcha check of the opt-out form (spec §5 "Captcha must be solved, else Please complete the
 * reCaptcha"; §7 posts a reCaptchaToken). A port: Google's siteverify when a secret is configured,
 * "disabled" otherwise (development, tests, an operator who has not set it up yet).
 */

export interface RecaptchaVerdict {
  ok: boolean;
  /** Why: Google's error codes, 'timeout', 'http 500', 'not configured'… For logs, never shown. */
  reason?: string;
}

export interface RecaptchaVerifier {
  /**
   * False when no secret is configured: the server then accepts an empty token, and the page may
   * hide the captcha.
   */
  readonly enabled: boolean;
  /**
   * Never rejects: a failure of the check itself is a not-ok verdict with its reason. `hostname`: the host
   * the form was served on (issue 29); a token Google says was solved on another site is not ok.
   */
  verify(token: string, remoteIp?: string, hostname?: string): Promise<RecaptchaVerdict>;
}

/** No secret configured: every token passes, and the verdict says why. */
export function createDisabledRecaptchaVerifier(): RecaptchaVerifier {
  return {
    enabled: false,
    verify: () => Promise.resolve({ ok: true, reason: 'not configured' }),
  };
}
