/**
 * Production mode (NODE_ENV=production) refuses to start on a setting that would fail open (issue 9), on a
 * probable typo of a variable's name or without a database URL (issue 30):
 * each problem names the variable and why, never a value. Outside production the same settings are
 * allowed, so `npm start` works on a machine with no keys.
 */
import type { Config } from '../config';

export function productionProblems(config: Config, typos: readonly string[] = []): string[] {
  if (!config.production) return [];
  // Issue 30: a misspelt variable is a setting the operator believes is in force.
  const problems: string[] = [...typos];
  if (!config.DATABASE_URL && config.SQLITE_IN_PRODUCTION !== 'on') {
    problems.push(
      'DATABASE_URL: required in production (the fleet shares one PostgreSQL), or set SQLITE_IN_PRODUCTION=on to run a single instance on SQLite in DATA_DIR',
    );
  }
  if (config.providers.sms.kind === 'offline') {
    problems.push(
      'SMS_PROVIDER: offline sends no SMS and would write codes to the log, so set SMS_PROVIDER=twilio and its TWILIO_* settings',
    );
  }
  if (!config.recaptcha.RECAPTCHA_SECRET) {
    problems.push('RECAPTCHA_SECRET: required, else the opt-out form accepts any request without a captcha');
  }
  if (config.recaptcha.RECAPTCHA_SECRET && !config.recaptcha.RECAPTCHA_SITE_KEY) {
    problems.push(
      'RECAPTCHA_SITE_KEY: required with RECAPTCHA_SECRET, else the opt-out page shows no captcha and every request is refused',
    );
  }
  if (config.TRUST_PROXY === true) {
    problems.push(
      'TRUST_PROXY: true believes every X-Forwarded-For hop, so a visitor can forge their IP: give the hop count or the proxies\u2019 addresses',
    );
  }
  if (!config.LOOKUP_KEY_SECRET) {
    problems.push('LOOKUP_KEY_SECRET: required (32+ characters), the key of the email and phone lookup keys');
  }
  return problems;
}
