/**
 * The values a buyer's settings share between its post (buyer-config.ts) and its ping (auction/): where a
 * request goes and how a secret is named. Their own module, so both import them without a cycle.
 */
import { z } from 'zod';

/**
 * Issue 29: the only environment variables a buyer may name, so a buyer saved from the console can never
 * send the server's own secrets (DATABASE_URL, TWILIO_AUTH_TOKEN, LOOKUP_KEY_SECRET…) to a buyer's URL.
 * docs/decisions/0026-buyer-secrets-allow-list.md.
 */
export const BUYER_SECRET_PREFIX = 'BUYER_SECRET_';
/** The lead-ingest service's key (LEADPROSPER_KEY), under the name only its own reserved buyer may use. */
export const LEAD_INGEST_SECRET_NAME = `${BUYER_SECRET_PREFIX}LEAD_INGEST`;
export const BUYER_SECRET_NAME_PATTERN = /^BUYER_SECRET_[A-Z0-9_]{1,64}$/;

/**
 * A header value: written in the file, or read from an environment variable at send time so that a
 * secret never sits in the buyers file or the database. The variable's name starts with BUYER_SECRET_.
 */
export const SecretValueSchema = z.union([
  z.string().min(1),
  z
    .object({
      env: z
        .string()
        .regex(
          BUYER_SECRET_NAME_PATTERN,
          `env must name a variable starting with ${BUYER_SECRET_PREFIX} (A-Z, 0-9, _): a buyer can read no other`,
        ),
    })
    .strict(),
]);
export type SecretValue = z.infer<typeof SecretValueSchema>;

/**
 * Where a target posts. An absolute http(s) URL, or a path on this server ("/dev/fake-buyer/…"),
 * which only the development fake buyer uses and production refuses (delivery-config.ts).
 */
export const TargetUrlSchema = z
  .string()
  .refine(
    (url) => (url.startsWith('/') && !url.startsWith('//')) || /^https?:\/\//.test(url),
    'url must be an http(s) URL or a path on this server',
  )
  .refine((url) => url.startsWith('/') || URL.canParse(url), 'url is not a valid URL');
