/**
 * Environment → typed config, parsed once at start (architecture principle 5). A bad value stops
 * the server with a message naming the variable, instead of failing later at the first request.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import { parseEnvironment } from './env-values';
import { loadDeliveryConfig, type DeliveryConfig } from './delivery/delivery-config';
import { loadOperatorData, type OperatorData } from './operator-data';
import { loadProviderConfig, type ProviderConfig } from './providers/provider-config';
import { loadRecaptchaConfig, type RecaptchaConfig } from './providers/recaptcha/recaptcha-config';
import { loadTextProviderConfig, type TextProviderConfig } from './providers/text/text-provider-config';

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

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app; the default works both from src (tests) and from dist (npm start). */
  WEB_DIST: z.string().min(1).default(path.resolve(here, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Set when a reverse proxy sits in front, so request.ip is the visitor's, not the proxy's. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** PostgreSQL, shared by every server process; unset: SQLite in DATA_DIR (docs/decisions/0007). */
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL'),
  /** Redis for rate-limit counters shared by every server process; unset: counters in memory. */
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'must be a redis:// (or rediss://) URL'),
  /** §7: with bad_words yes, the lead is also posted form-encoded to this webhook. */
  BAD_WORDS_WEBHOOK_URL: optionalUrl(['http:', 'https:'], 'must be an http(s) URL'),
  /** JSON list of affid/oid → LeadsPedia ids for POST /inbound/get-mappings (§7). */
  LEAD_MAPPINGS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** JSON list of buyers (issue 14), seeded into the database at start; unset outside production: the sample. */
  BUYERS_FILE: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** production: no sample buyers, no development fake buyer, no buyer URL on this server. */
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
  return {
    ...settings,
    providers: loadProviderConfig(env),
    textCheck: loadTextProviderConfig(env),
    recaptcha: loadRecaptchaConfig(env),
    operator: loadOperatorData({
      mappingsFile: settings.LEAD_MAPPINGS_FILE,
      buyersFile: settings.BUYERS_FILE,
      production,
      env,
    }),
    delivery: loadDeliveryConfig(env),
    production,
    env,
  };
}
