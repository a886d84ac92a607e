/**
 * Environment → which implementation backs each outside-service port, checked at start like config.ts
 * (a bad value stops the server with a message naming the variable). Every port defaults to its offline
 * implementation, so `npm start` works on a machine with no network and no keys; choosing a vendor
 * without its key is refused rather than failing at the first visitor. docs/decisions/0008-providers.md
 * has the table of variables.
 */
import { z } from 'zod';
import { blankIsUnset, parseEnvironment } from '../env-values';
import { IPQS_DEFAULT_BASE_URL } from './phone/ipqs-phone-provider';
import { TWILIO_VERIFY_DEFAULT_BASE_URL } from './sms/twilio-verify-sms-provider';
import { ZIPPOPOTAM_DEFAULT_BASE_URL } from './zip/zippopotam-zip-provider';

export const DEFAULT_PROVIDER_TIMEOUT_MS = 5000;

export interface ProviderConfig {
  phone: { kind: 'offline' } | { kind: 'ipqs'; apiKey: string; baseUrl: string };
  email: { kind: 'offline' } | { kind: 'ipqs'; apiKey: string; baseUrl: string };
  zip: { kind: 'offline' } | { kind: 'zippopotam'; baseUrl: string };
  sms:
    | { kind: 'offline' }
    | { kind: 'twilio'; accountSid: string; authToken: string; serviceSid: string; baseUrl: string };
  alerts: { kind: 'log' } | { kind: 'slack'; webhookUrl: string };
  /** §7 the pre-submit's lead-data exchange (issue 27). */
  exchange: { kind: 'offline' } | { kind: 'http'; baseUrl: string };
  /** Timeout of every outgoing vendor call, headers and body. */
  timeoutMs: number;
}

const choice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z.preprocess(blankIsUnset, z.enum(options).default(options[0]));
const secret = z.preprocess(blankIsUnset, z.string().trim().optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const baseUrl = (fallback: string) => z.preprocess(blankIsUnset, httpUrl.default(fallback));

/** The variables, before the choices are checked together (startup/environment-variables.ts lists them). */
export const ProviderEnvShape = z.object({
  PHONE_PROVIDER: choice(['offline', 'ipqs']),
  EMAIL_PROVIDER: choice(['offline', 'ipqs']),
  ZIP_PROVIDER: choice(['offline', 'zippopotam']),
  SMS_PROVIDER: choice(['offline', 'twilio']),
  ALERTS_PROVIDER: choice(['log', 'slack']),
  LEAD_EXCHANGE_PROVIDER: choice(['offline', 'http']),
  LEAD_EXCHANGE_URL: z.preprocess(blankIsUnset, httpUrl.optional()),
  IPQS_API_KEY: secret,
  IPQS_BASE_URL: baseUrl(IPQS_DEFAULT_BASE_URL),
  ZIPPOPOTAM_BASE_URL: baseUrl(ZIPPOPOTAM_DEFAULT_BASE_URL),
  // Twilio's formats (https://www.twilio.com/docs/glossary/what-is-a-sid): a typo is caught at start.
  TWILIO_ACCOUNT_SID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex characters')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: secret,
  TWILIO_VERIFY_SERVICE_SID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^VA[0-9a-fA-F]{32}$/, 'must be VA followed by 32 hex characters')
      .optional(),
  ),
  TWILIO_BASE_URL: baseUrl(TWILIO_VERIFY_DEFAULT_BASE_URL),
  SLACK_WEBHOOK_URL: z.preprocess(blankIsUnset, httpUrl.optional()),
  PROVIDER_TIMEOUT_MS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(100).max(30_000).default(DEFAULT_PROVIDER_TIMEOUT_MS),
  ),
});

const ProviderEnvSchema = ProviderEnvShape.transform((env, ctx): ProviderConfig => {
  /** The value of a variable a vendor choice needs; an issue naming it when it is missing. */
  const required = (name: keyof typeof env, value: string | undefined, because: string): string => {
    if (value === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `required when ${because}` });
    return value ?? '';
  };
  const ipqsKey = (chooser: 'PHONE_PROVIDER' | 'EMAIL_PROVIDER') =>
    required('IPQS_API_KEY', env.IPQS_API_KEY, `${chooser}=ipqs`);
  const twilio = 'SMS_PROVIDER=twilio';

  return {
    phone:
      env.PHONE_PROVIDER === 'ipqs'
        ? { kind: 'ipqs', apiKey: ipqsKey('PHONE_PROVIDER'), baseUrl: env.IPQS_BASE_URL }
        : { kind: 'offline' },
    email:
      env.EMAIL_PROVIDER === 'ipqs'
        ? { kind: 'ipqs', apiKey: ipqsKey('EMAIL_PROVIDER'), baseUrl: env.IPQS_BASE_URL }
        : { kind: 'offline' },
    zip:
      env.ZIP_PROVIDER === 'zippopotam'
        ? { kind: 'zippopotam', baseUrl: env.ZIPPOPOTAM_BASE_URL }
        : { kind: 'offline' },
    sms:
      env.SMS_PROVIDER === 'twilio'
        ? {
            kind: 'twilio',
            accountSid: required('TWILIO_ACCOUNT_SID', env.TWILIO_ACCOUNT_SID, twilio),
            authToken: required('TWILIO_AUTH_TOKEN', env.TWILIO_AUTH_TOKEN, twilio),
            serviceSid: required('TWILIO_VERIFY_SERVICE_SID', env.TWILIO_VERIFY_SERVICE_SID, twilio),
            baseUrl: env.TWILIO_BASE_URL,
          }
        : { kind: 'offline' },
    alerts:
      env.ALERTS_PROVIDER === 'slack'
        ? { kind: 'slack', webhookUrl: required('SLACK_WEBHOOK_URL', env.SLACK_WEBHOOK_URL, 'ALERTS_PROVIDER=slack') }
        : { kind: 'log' },
    exchange:
      env.LEAD_EXCHANGE_PROVIDER === 'http'
        ? {
            kind: 'http',
            baseUrl: required('LEAD_EXCHANGE_URL', env.LEAD_EXCHANGE_URL, 'LEAD_EXCHANGE_PROVIDER=http'),
          }
        : { kind: 'offline' },
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
  };
});

export function loadProviderConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  return parseEnvironment(ProviderEnvSchema, env);
}
