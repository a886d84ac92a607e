/**
 * The start line (issue 9): every outside service and safety setting, and whether it is on, so an
 * operator sees at a glance what this server does for real. Names and kinds only, never a key or URL.
 */
import type { Config } from '../config';
import { describeTrustProxy } from './trust-proxy';

export function describeStart(config: Config): string[] {
  const { providers } = config;
  const on = (value: boolean) => (value ? 'on' : 'off');
  const services = [
    `phone check ${providers.phone.kind}`,
    `email check ${providers.email.kind}`,
    `zip lookup ${providers.zip.kind}`,
    `text check ${config.textCheck.kind}`,
    `SMS ${providers.sms.kind === 'twilio' ? 'twilio' : 'offline (no SMS sent; codes in the log)'}`,
    `alerts ${providers.alerts.kind}`,
    `reCAPTCHA ${on(config.recaptcha.RECAPTCHA_SECRET !== undefined)}`,
    `bad-words webhook ${on(config.BAD_WORDS_WEBHOOK_URL !== undefined)}`,
  ];
  return [
    `Mode: ${config.production ? 'production' : 'development'}`,
    `Services: ${services.join(', ')}`,
    `Shared limits: ${config.REDIS_URL ? 'Redis (per-IP) and the database' : 'the database'}; proxy hops trusted: ${describeTrustProxy(config.TRUST_PROXY)}`,
    `Lookup keys: ${config.LOOKUP_KEY_SECRET ? 'LOOKUP_KEY_SECRET' : 'secret kept in the database'}; retention ${config.RETENTION_MONTHS} months`,
  ];
}
