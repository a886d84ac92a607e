/**
 * Production's complete settings: a test server given these starts in production mode (NODE_ENV=production,
 * every setting production requires, on SQLite by the explicit SQLITE_IN_PRODUCTION=on).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'test-token',
  TWILIO_VERIFY_SERVICE_SID: `VA${'0'.repeat(32)}`,
  RECAPTCHA_SECRET: 'test-recaptcha-secret',
  RECAPTCHA_SITE_KEY: 'test-recaptcha-site-key',
  LOOKUP_KEY_SECRET: 'a-lookup-key-secret-of-32-characters!',
  TRUST_PROXY: '1',
  SQLITE_IN_PRODUCTION: 'on',
};
