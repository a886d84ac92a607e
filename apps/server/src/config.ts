/**
 * Environment → typed config, parsed once at start (architecture principle 5). A bad value stops
 * the server with a message naming the variable, instead of failing later at the first request.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { blankIsUnset, parseEnvironment } from './env-values';
import { loadDeliveryConfig, type DeliveryConfig } from './delivery/delivery-config';
import { loadOperatorData, type OperatorData } from './operator-data';
import { loadProviderConfig, type ProviderConfig } from './providers/provider-config';
import { loadRecaptchaConfig, type RecaptchaConfig } from './providers/recaptcha/recaptcha-config';
import { loadTextProviderConfig, type TextProviderConfig } from './providers/text/text-provider-config';
import { productionProblems } from './startup/production-problems';
import { TrustProxySchema } from './startup/trust-proxy';

/** Remote checks a minute per IP and route, unless CHECK_LIMIT_PER_MINUTE says otherwise (http/rate-limit.ts). */
export const DEFAULT_CHECK_LIMIT_PER_MINUTE = 30;

const here = path.dirname(fileURLToPath(import.meta.url));

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

const EnvSchema = z.object({
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
   * production: no sample buyers, no development fake buyer, no buyer URL on this server; and the start-up
   * refusals of startup/production-problems.ts (issue 9).
   */
  NODE_ENV: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
});

export type Config = z.infer<typeof EnvSchema> & {
  providers: ProviderConfig;
  textCheck: TextProviderConfig;
  recaptcha: RecaptchaConfig;
  operator: OperatorData;
  delivery: DeliveryConfig;
  production: boolean;
  /** The environment read, for secrets taken when they are used (buyers' `{env: NAME}` headers). */
  env: NodeJS.ProcessEnv;
};

/** Every setting, each part checked by its own schema; the first bad one stops the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const settings = parseEnvironment(EnvSchema, env);
  const production = settings.NODE_ENV === 'production';
  const delivery = loadDeliveryConfig(env);
  const config: Config = {
    ...settings,
    providers: loadProviderConfig(env),
    textCheck: loadTextProviderConfig(env),
    recaptcha: loadRecaptchaConfig(env),
    operator: loadOperatorData({
      mappingsFile: settings.LEAD_MAPPINGS_FILE,
      consentListsFile: settings.CONSENT_LISTS_FILE,
      buyersFile: settings.BUYERS_FILE,
      production,
      env,
      allowedHosts: delivery.allowedTargetHosts,
    }),
    delivery,
    production,
    env,
  };
  const refusals = productionProblems(config);
  if (refusals.length > 0) {
    throw new Error(`Production mode (NODE_ENV=production) refuses to start: ${refusals.join('; ')}`);
  }
  return config;
}
