/**
 * The server's own settings (config.ts reads them with the providers', text check's, reCAPTCHA's and
 * delivery's; startup/environment-variables.ts lists them all for the typo check and docs/configuration.md).
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { blankIsUnset } from './env-values';
import { TrustProxySchema } from './startup/trust-proxy';

/** Remote checks a minute per IP and route, unless CHECK_LIMIT_PER_MINUTE says otherwise (http/rate-limit.ts). */
export const DEFAULT_CHECK_LIMIT_PER_MINUTE = 30;

const here = path.dirname(fileURLToPath(import.meta.url));

/** The modes the server knows (issue 30); NODE_ENV outside them refuses to start. */
export const NODE_ENVIRONMENTS = ['development', 'test', 'production'] as const;

/** An explicit switch: `on` or `off` (unset or empty: off). */
const onOff = z.preprocess(blankIsUnset, z.enum(['on', 'off']).default('off'));

/** Unset and empty are the same: `DATABASE_URL=` in an env file means "no PostgreSQL". */
function optionalUrl(schemes: readonly string[], message: string) {
  return z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      // The value is not echoed in the message: a database URL may carry a password.
      .refine((value) => URL.canParse(value) && schemes.includes(new URL(value).protocol), message)
      .optional(),
  );
}

/** A page or webhook address the operator configures: http(s) only. */
function optionalHttpUrl() {
  return optionalUrl(['http:', 'https:'], 'must be an http(s) URL');
}

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app; the default works both from src (tests) and from dist (npm start). */
  WEB_DIST: z.string().min(1).default(path.resolve(here, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which X-Forwarded-For hops to believe (startup/trust-proxy.ts): `false`, a hop count, or the proxies'
   * addresses and CIDR ranges. `true` (every hop) is refused in production.
   */
  TRUST_PROXY: TrustProxySchema,
  /**
   * The secret of the lookup keys (HMAC-SHA256 of an email or a phone, db/lookup-keys.ts); at least 32
   * characters. Required in production; elsewhere one is made once and kept in the database.
   */
  LOOKUP_KEY_SECRET: z.preprocess(blankIsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  /** Leads older than this many months are anonymized by the daily retention job (jobs/retention.ts). */
  RETENTION_MONTHS: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).max(120).default(24)),
  /** New leads a day from one IP (an IPv6 /64 counts as one), /post-lead and /api/ingest each. */
  LEAD_LIMIT_PER_IP: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).default(200)),
  /** Remote checks (zip, email, phone, text, pre-submit, opt-out, code checks) a minute from one IP, per route. */
  CHECK_LIMIT_PER_MINUTE: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).default(DEFAULT_CHECK_LIMIT_PER_MINUTE),
  ),
  /** New leads a day with one email, and with one phone. */
  LEAD_LIMIT_PER_CONTACT: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).default(5)),
  /** SMS codes the whole site may send in an hour; reaching it refuses sends and alerts the operator. */
  SMS_SITE_HOURLY_CAP: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).default(200)),
  /**
   * Issue 29: phone and email checks the whole site may ask a paying vendor for in an hour; past it the
   * checks answer as unavailable (the visitor goes on), the operator is alerted, leads are re-checked
   * before delivery.
   */
  PAID_LOOKUP_SITE_HOURLY_CAP: z.preprocess(blankIsUnset, z.coerce.number().int().min(1).default(2000)),
  /** The whole request, body included, must arrive within this (slow-body attacks). */
  REQUEST_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(120_000).default(15_000)),
  /**
   * Issue 31: every request is answered within this; past it, 503 with Retry-After (http/response-deadline.ts).
   * Longer than DATABASE_QUERY_TIMEOUT_MS, which answers first when the database is what waits.
   */
  RESPONSE_DEADLINE_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(100).max(120_000).default(8_000)),
  /** Issue 31: one PostgreSQL statement, client and server side (db/bounded-postgres-pool.ts). */
  DATABASE_QUERY_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(50).max(600_000).default(5_000)),
  /** Issue 31: getting a PostgreSQL connection (opening one, or waiting for a free one). */
  DATABASE_CONNECT_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(50).max(60_000).default(3_000)),
  /** Issue 31: one Redis command; past it the rate limit fails open (or SMS and alerts answer 503). */
  REDIS_COMMAND_TIMEOUT_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(10).max(60_000).default(500)),
  /** Issue 31: how often the database and Redis are asked whether they answer (health/dependency-state.ts). */
  DEPENDENCY_PROBE_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(50).max(600_000).default(2_000)),
  /**
   * Issue 30: on SIGTERM, how long /readyz fails while requests are still served before the server stops
   * listening (health/drain.ts): at least the load balancer's readiness period times its failure threshold.
   */
  DRAIN_DELAY_MS: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(300_000).default(5_000)),
  /** PostgreSQL, shared by every server process; unset: SQLite in DATA_DIR (docs/decisions/0007). */
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  /** Redis for the per-IP rate-limit counters shared by every server process; unset: the database. */
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'must be a redis:// (or rediss://) URL'),
  /**
   * Prefix of the rate-limit keys in Redis (and in the database's counters), so two funnels, or two test
   * runs, on one Redis count apart. Every instance of one funnel must use the same.
   */
  RATE_LIMIT_KEY_PREFIX: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'must be 1-64 letters, digits, _ : . or -')
      .default('funnel-rate-limit:'),
  ),
  /**
   * Issue 15: the bearer token that opens GET /metrics from anywhere; unset: loopback only (and not
   * through a proxy). At least 16 characters.
   */
  METRICS_TOKEN: z.preprocess(blankIsUnset, z.string().min(16, 'must be at least 16 characters').optional()),
  /** §7: with bad_words yes, the lead is also posted form-encoded to this webhook. */
  BAD_WORDS_WEBHOOK_URL: optionalHttpUrl(),
  /** Issue 13, §4: the partner link a disqualified visitor's new tab opens (tracking parameters added). */
  DQ_PARTNER_LINK: optionalHttpUrl(),
  /** Issue 13, §4 VW3: the affiliate link the lawyer-redirect reasons open (sub1, sub2 added). */
  VW3_AFFILIATE_LINK: optionalHttpUrl(),
  /** Issue 13, §7: a public IP lookup answering JSON {ip}, asked by the page before the server's /api/ip. */
  PUBLIC_IP_LOOKUP_URL: optionalHttpUrl(),
  /** Issue 13, §3, §9: the Jornaya LeadiD script; unset: not loaded, leadid_token stays empty. */
  JORNAYA_SCRIPT_URL: optionalHttpUrl(),
  /** Issue 13, §3, §9: the TrustedForm script; unset: not loaded, the certificate fields stay empty. */
  TRUSTEDFORM_SCRIPT_URL: optionalHttpUrl(),
  /** Issue 13, §7, §9: the click tracker (EF.click; _ef_transaction_id polled); unset: ef_transaction_id from the URL only. */
  CLICK_TRACKER_SCRIPT_URL: optionalHttpUrl(),
  /** Issue 13, §3, §9: the call-tracking script (its number polled); unset: the brand's default number. */
  CALL_TRACKING_SCRIPT_URL: optionalHttpUrl(),
  /** Issue 13, §4: the ad script the first step of variants A, B and C loads. */
  AD_SCRIPT_URL: optionalHttpUrl(),
  /** Issue 13, §4: the pixel WasUserInjured yes loads on variants A, B and C. */
  INJURY_PIXEL_URL: optionalHttpUrl(),
  /** Issue 13, §7: the ticket flow's pixel. */
  TICKET_PIXEL_URL: optionalHttpUrl(),
  /** Issue 13, §6: the social pixel, loaded only when the visitor's affid is 389. */
  SOCIAL_PIXEL_URL: optionalHttpUrl(),
  /** Issue 13, §4 DUI variant: the third-party script WasUserInjured yes loads. */
  DUI_INJURY_SCRIPT_URL: optionalHttpUrl(),
  /** Issue 13, §7, §9: the percentage the page asks /check-affid-pre with; 100 (the default): no call, on. */
  PREPOPULATION_PERCENTAGE: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(100).default(100)),
  /** JSON list of affid/oid → LeadsPedia ids for POST /inbound/get-mappings (§7). */
  LEAD_MAPPINGS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * JSON object of §4's fixed consent lists, naming buyers by key (issue 28): {"v4nv-d1": ["key"], …};
   * unset outside production: the sample; unset in production: those pages fetch their buyers.
   */
  CONSENT_LISTS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** JSON list of buyers (issue 14), seeded into the database at start; unset outside production: the sample. */
  BUYERS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /**
   * Issue 30: development (the default), test or production. production: no sample buyers, no development
   * fake buyer, no buyer URL on this server; and the start-up refusals of startup/production-problems.ts
   * (issue 9). Anything else (`prod`) is refused, naming it: a typo must not start in development mode.
   */
  NODE_ENV: z.preprocess(
    blankIsUnset,
    z
      .enum(NODE_ENVIRONMENTS, {
        error: (issue) => `${JSON.stringify(issue.input)} is not one of ${NODE_ENVIRONMENTS.join(', ')}`,
      })
      .default('development'),
  ),
  /**
   * Issue 30: production runs on PostgreSQL (DATABASE_URL) unless this is `on`: a misspelt DATABASE_URL must
   * not start a fleet member on a local SQLite file of its own.
   */
  SQLITE_IN_PRODUCTION: onOff,
  /**
   * Issue 30: `on`: a buyer the buyers file wrote before and no longer names is deactivated at start (each
   * logged). `off` (the default): a buyers file only adds and updates the buyers it names.
   */
  BUYERS_FILE_DEACTIVATES_UNLISTED: onOff,
});
