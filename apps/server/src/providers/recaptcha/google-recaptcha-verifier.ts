/**
 * Google reCAPTCHA siteverify adapter: POST form-encoded secret, response and remoteip, read
 * {success, 'error-codes'} (https://developers.google.com/recaptcha/docs/verify).
 */
import { z } from 'zod';
import type { RecaptchaVerdict, RecaptchaVerifier } from './recaptcha-verifier';

export const GOOGLE_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface GoogleRecaptchaOptions {
  secret: string;
  /** Google's endpoint by default; a fake server's in tests, or a proxy (recaptcha.net) if needed. */
  verifyUrl?: string;
  /** Whole request, body included. */
  timeoutMs: number;
}

/** Only what we read; `hostname`, `challenge_ts`, v3 `score`… are ignored. */
const SiteverifyResponseSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

export function createGoogleRecaptchaVerifier(options: GoogleRecaptchaOptions): RecaptchaVerifier {
  const verifyUrl = options.verifyUrl ?? GOOGLE_SITEVERIFY_URL;

  async function verify(token: string, remoteIp?: string): Promise<RecaptchaVerdict> {
    // Google answers an empty response with this code; no need to ask it.
    if (token.trim() === '') return { ok: false, reason: 'missing-input-response' };
    const form = new URLSearchParams({ secret: options.secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);

    let text: string;
    try {
      const response = await fetch(verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
      if (!response.ok) return { ok: false, reason: `http ${response.status}` };
    } catch (error) {
      return { ok: false, reason: failureReason(error) };
    }

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { ok: false, reason: 'invalid response' };
    }
    const parsed = SiteverifyResponseSchema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: 'invalid response' };
    if (parsed.data.success) return { ok: true };
    const codes = parsed.data['error-codes'] ?? [];
    return { ok: false, reason: codes.length > 0 ? codes.join(',') : 'verification failed' };
  }

  return { enabled: true, verify };
}

/** The reason for a request that got no answer. The URL and the secret never end up in it. */
function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return `network error${code ? ` (${code})` : ''}`;
}
