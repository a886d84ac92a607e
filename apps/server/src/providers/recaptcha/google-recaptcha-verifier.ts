/**
 * Google reCAPTCHA siteverify adapter: POST form-encoded secret, response and remoteip, read
 * {success, 'error-codes'} (https://developers.google.com/recaptcha/docs/verify).
 */
import { z } from 'zod';
import { vendorRequest } from '../vendor-request';
import type { RecaptchaVerdict, RecaptchaVerifier } from './recaptcha-verifier';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface GoogleRecaptchaOptions {
  secret: string;
  /** Google's endpoint by default; a fake server's in tests, or a proxy (recaptcha.net) if needed. */
  verifyUrl?: string;
  /** Whole request, body included. */
  timeoutMs: number;
}

/** Only what we read; `challenge_ts`, v3 `score`… are ignored. */
const SiteverifyResponseSchema = z.object({
  success: z.boolean(),
  /** The site the captcha was solved on. */
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export function createGoogleRecaptchaVerifier(options: GoogleRecaptchaOptions): RecaptchaVerifier {
  const verifyUrl = options.verifyUrl ?? GOOGLE_SITEVERIFY_URL;

  async function verify(token: string, remoteIp?: string, hostname?: string): Promise<RecaptchaVerdict> {
    // Google answers an empty response with this code; no need to ask it.
    if (token.trim() === '') return { ok: false, reason: 'missing-input-response' };
    const form = new URLSearchParams({ secret: options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);

    // One path out (providers/vendor-request.ts): timeout over headers and body, no redirects.
    const result = await vendorRequest({
      url: new URL(verifyUrl),
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: form.toString(),
      timeoutMs: options.timeoutMs,
    });
    if (!result.ok) {
      const { failure } = result;
      if (failure.kind !== 'network') return { ok: false, reason: failure.kind };
      return { ok: false, reason: `network error${failure.code ? ` (${failure.code})` : ''}` };
    }
    if (result.answer.status < 200 || result.answer.status >= 300)
      return { ok: false, reason: `http ${result.answer.status}` };
    const parsed = SiteverifyResponseSchema.safeParse(result.answer.json);
    if (!parsed.success) return { ok: false, reason: 'invalid response' };
    if (parsed.data.success) {
      // Issue 29: a token solved on another site (Google's hostname) is not this form's.
      const solvedOn = parsed.data.hostname?.toLowerCase();
      if (hostname !== undefined && solvedOn !== undefined && solvedOn !== hostname.toLowerCase()) {
        return { ok: false, reason: 'hostname mismatch' };
      }
      return { ok: true };
    }
    const codes = parsed.data['error-codes'] ?? [];
    return { ok: false, reason: codes.length > 0 ? codes.join(',') : 'verification failed' };
  }

  return { enabled: true, verify };
}
