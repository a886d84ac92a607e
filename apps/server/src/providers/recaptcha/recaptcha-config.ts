/**
 * reCAPTCHA settings from the environment, checked at start like src/config.ts (kept apart so the
 * captcha can be wired without touching the shared config):
 * - RECAPTCHA_SECRET: the site's secret key. Unset or empty → the check is disabled (every token ok).
 * - RECAPTCHA_SITE_KEY: the public key the opt-out page draws the captcha with (issue 12). Unset or empty
 *   → the page shows no captcha and loads nothing from Google.
 * - RECAPTCHA_VERIFY_URL: siteverify endpoint, Google's by default.
 * - RECAPTCHA_TIMEOUT_MS: how long to wait for it, 5 s by default.
 */
import { z } from 'zod';
import { parseEnvironment } from '../../env-values';
import { createGoogleRecaptchaVerifier, GOOGLE_SITEVERIFY_URL } from './google-recaptcha-verifier';
import { createDisabledRecaptchaVerifier, type RecaptchaVerifier } from './recaptcha-verifier';

export const RecaptchaEnvSchema = z.object({
  /** An empty value counts as unset: `RECAPTCHA_SECRET=` in an env file means "no captcha". */
  RECAPTCHA_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  RECAPTCHA_SITE_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  RECAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default(GOOGLE_SITEVERIFY_URL),
  /** Long enough for Google's usual sub-second answer, short enough not to hang the visitor's submit. */
  RECAPTCHA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
});

/** What the Content-Security-Policy allows when the opt-out page draws the captcha (Google's documented hosts). */
export const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
export const RECAPTCHA_FRAME_SOURCES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

export type RecaptchaConfig = z.infer<typeof RecaptchaEnvSchema>;

export function loadRecaptchaConfig(env: NodeJS.ProcessEnv = process.env): RecaptchaConfig {
  return parseEnvironment(RecaptchaEnvSchema, env);
}

/** Google's siteverify when a secret is set, the disabled verifier otherwise. */
export function createRecaptchaVerifier(config: RecaptchaConfig): RecaptchaVerifier {
  return config.RECAPTCHA_SECRET
    ? createGoogleRecaptchaVerifier({
        secret: config.RECAPTCHA_SECRET,
        verifyUrl: config.RECAPTCHA_VERIFY_URL,
        timeoutMs: config.RECAPTCHA_TIMEOUT_MS,
      })
    : createDisabledRecaptchaVerifier();
}
