/**
 * What each environment variable means, for docs/configuration.md and .env.example (issue 30). Names,
 * defaults and allowed values come from the schemas themselves (startup/config-reference.ts); this map only
 * says what a variable is for, and its type makes a variable added to a schema without a line here a
 * type error, so the reference cannot miss one.
 */
import type { DeliveryEnvShape } from '../delivery/delivery-config';
import type { ProviderEnvShape } from '../providers/provider-config';
import type { RecaptchaEnvSchema } from '../providers/recaptcha/recaptcha-config';
import type { TextProviderEnv } from '../providers/text/text-provider-config';
import type { EnvSchema } from '../server-env-schema';

export type KnownVariable =
  | keyof typeof EnvSchema.shape
  | keyof typeof ProviderEnvShape.shape
  | keyof typeof TextProviderEnv.shape
  | keyof typeof RecaptchaEnvSchema.shape
  | keyof typeof DeliveryEnvShape.shape;

export interface VariableDoc {
  text: string;
  /** A key, token or password: .env.example leaves it empty, the docs say so. */
  secret?: true;
  /** What production needs of it (startup/production-problems.ts refuses a start without). */
  production?: string;
  /** The default as the docs show it, when the schema's is a machine's own path. */
  shownDefault?: string;
  /** The value .env.example gives a variable production needs, when there is one to suggest. */
  example?: string;
}

export const VARIABLE_DOCS: Record<KnownVariable, VariableDoc> = {
  NODE_ENV: {
    text: 'The mode. production: no sample buyers, no development fake buyer, no SMS codes in the log, and the start-up refusals of this page. Anything else is refused, naming it.',
    production: '`production`',
    example: 'production',
  },
  PORT: { text: 'HTTP port.' },
  HOST: { text: 'Interface to listen on.' },
  DATA_DIR: {
    text: 'Folder of the SQLite database `funnel.sqlite` (made 0700, the file 0600) when DATABASE_URL is unset; one server process per folder.',
  },
  WEB_DIST: {
    text: 'The built web app: `client/` (browser files) and `server/` (its renderer).',
    shownDefault: 'apps/web/dist beside the server',
  },
  LOG_LEVEL: { text: 'Log level of the JSON log on standard output.' },
  TRUST_PROXY: {
    text: 'Which X-Forwarded-For hops to believe: `false`, a hop count (`1` behind one proxy) or the proxies\u2019 addresses and CIDR ranges, so the stored IP is the visitor\u2019s. `true` (every hop, forgeable) is refused in production.',
    production: 'not `true`',
    example: '1',
  },
  LOOKUP_KEY_SECRET: {
    text: 'The HMAC key of the email and phone lookup keys (32+ characters), the same on every instance: the database records its fingerprint and refuses an instance whose secret differs. Unset outside production: one is made and kept in the database.',
    secret: true,
    production: 'required',
  },
  RETENTION_MONTHS: { text: 'Leads older than this are anonymized by the daily retention job.' },
  LEAD_LIMIT_PER_IP: { text: 'New leads a day from one IP (an IPv6 /64 counts as one), per endpoint.' },
  CHECK_LIMIT_PER_MINUTE: {
    text: 'Remote checks (zip, email, phone, text, pre-submit, opt-out, SMS code) a minute from one IP, per route.',
  },
  LEAD_LIMIT_PER_CONTACT: { text: 'New leads a day with one email, and with one phone.' },
  SMS_SITE_HOURLY_CAP: {
    text: 'SMS codes the whole site may send in an hour; reaching it refuses sends and alerts the operator.',
  },
  PAID_LOOKUP_SITE_HOURLY_CAP: {
    text: 'Phone and email checks the whole site may ask a paying vendor for in an hour; past it the checks answer as unavailable (the visitor goes on), the operator is alerted once an hour, and such leads are checked again before delivery.',
  },
  REQUEST_TIMEOUT_MS: { text: 'The whole request, body included, must arrive within this (slow-body attacks).' },
  RESPONSE_DEADLINE_MS: {
    text: 'Every request is answered within this; past it, 503 with Retry-After (a frozen dependency never hangs a visitor).',
  },
  DATABASE_QUERY_TIMEOUT_MS: {
    text: 'One PostgreSQL statement, client and server side; a frozen database answers 503 instead of hanging.',
  },
  DATABASE_CONNECT_TIMEOUT_MS: { text: 'Getting a PostgreSQL connection (opening one, or waiting for a free one).' },
  REDIS_COMMAND_TIMEOUT_MS: {
    text: 'One Redis command; past it the per-IP limits let requests through, and SMS and alerts answer 503.',
  },
  DEPENDENCY_PROBE_MS: {
    text: 'How often the database and Redis are asked whether they answer (one log line and a metric per change).',
  },
  DRAIN_DELAY_MS: {
    text: 'On SIGTERM, how long /readyz fails while requests are still served before the server closes: at least the load balancer\u2019s readiness period times its failure threshold.',
  },
  DATABASE_URL: {
    text: 'PostgreSQL (`postgres://\u2026`) shared by every instance; the schema is the URL\u2019s search_path (`?options=-c%20search_path%3Dfunnel`), public by default. Unset: SQLite in DATA_DIR.',
    secret: true,
    production: 'required, unless SQLITE_IN_PRODUCTION=on',
  },
  SQLITE_IN_PRODUCTION: {
    text: '`on`: production may run one instance on SQLite in DATA_DIR. Off, production without DATABASE_URL refuses to start (a misspelt DATABASE_URL must not start an instance on a file of its own).',
  },
  REDIS_URL: {
    text: 'Redis (`redis://` or `rediss://`) for the per-IP rate-limit counters shared by every instance. Unset: the database.',
    secret: true,
  },
  RATE_LIMIT_KEY_PREFIX: {
    text: 'Prefix of the rate-limit keys, so two funnels on one Redis count apart; the same on every instance of one funnel.',
  },
  METRICS_TOKEN: {
    text: 'Bearer token that opens GET /metrics from anywhere (16+ characters). Unset: loopback only, never through a proxy.',
    secret: true,
  },
  BAD_WORDS_WEBHOOK_URL: {
    text: '\u00a77: a stored lead the content filter matched is also posted here, form-encoded, once.',
    secret: true,
  },
  DQ_PARTNER_LINK: {
    text: '\u00a74: the partner link a disqualified visitor\u2019s new tab opens (tracking parameters added).',
  },
  VW3_AFFILIATE_LINK: { text: '\u00a74 VW3: the affiliate link the lawyer reasons open (sub1, sub2 added).' },
  PUBLIC_IP_LOOKUP_URL: {
    text: '\u00a77: a public IP lookup answering JSON `{ip}`, asked by the page before /api/ip (and allowed by the CSP).',
  },
  JORNAYA_SCRIPT_URL: {
    text: '\u00a73, \u00a79: the Jornaya LeadiD script; unset: not loaded, the token stays empty.',
  },
  TRUSTEDFORM_SCRIPT_URL: {
    text: '\u00a73, \u00a79: the TrustedForm script; unset: not loaded, the certificate fields stay empty.',
  },
  CLICK_TRACKER_SCRIPT_URL: {
    text: '\u00a77, \u00a79: the click tracker (`EF.click`); unset: the transaction id from the URL only.',
  },
  CALL_TRACKING_SCRIPT_URL: {
    text: '\u00a73, \u00a79: the call-tracking script; unset: the brand\u2019s default number.',
  },
  AD_SCRIPT_URL: { text: '\u00a74: the ad script the first step of variants A, B and C loads.' },
  INJURY_PIXEL_URL: { text: '\u00a74: the pixel loaded when WasUserInjured is answered yes (variants A, B, C).' },
  TICKET_PIXEL_URL: { text: '\u00a77: the ticket flow\u2019s pixel.' },
  SOCIAL_PIXEL_URL: { text: '\u00a76: the social pixel, loaded only when the visitor\u2019s affid is 389.' },
  DUI_INJURY_SCRIPT_URL: { text: '\u00a74 DUI: the third-party script WasUserInjured yes loads.' },
  PREPOPULATION_PERCENTAGE: {
    text: '\u00a77, \u00a79: below 100 the page asks /check-affid-pre/{affid}/{percentage}; 100: no call, on.',
  },
  LEAD_MAPPINGS_FILE: {
    text: 'JSON list of `{affid, oid, lp_campaign_id, lp_supplier_id, lp_key}` for POST /inbound/get-mappings (\u00a77). Unset outside production: the sample.',
  },
  CONSENT_LISTS_FILE: {
    text: '\u00a74\u2019s fixed consent lists, naming buyers by key: `{"d1": ["key"], \u2026}`. Unset outside production with the sample buyers: the sample; unset in production: those pages fetch their buyers.',
  },
  BUYERS_FILE: {
    text: 'JSON list of buyers (BuyerConfigSchema), added and updated in the database at start; an operator\u2019s later edit is kept. Unset outside production: the sample buyers.',
  },
  BUYERS_FILE_DEACTIVATES_UNLISTED: {
    text: '`on`: a buyer the buyers file wrote before and no longer names is deactivated at start (each logged). Off: a buyers file only adds and updates the buyers it names, so one instance started with another file (or none) cannot stop every instance\u2019s sales.',
  },
  PHONE_PROVIDER: { text: 'Phone check: `offline` (libphonenumber) or `ipqs` (IPQualityScore, needs IPQS_API_KEY).' },
  EMAIL_PROVIDER: { text: 'Email check: `offline` (syntax, disposable domains, MX lookup) or `ipqs`.' },
  ZIP_PROVIDER: { text: 'Zip lookup: `offline` (GeoNames data) or `zippopotam`.' },
  SMS_PROVIDER: {
    text: 'SMS codes: `offline` (the code in the log, never in production) or `twilio` (Twilio Verify, needs TWILIO_*).',
    production: '`twilio`',
    example: 'twilio',
  },
  ALERTS_PROVIDER: { text: 'Operator alerts: `log` or `slack` (needs SLACK_WEBHOOK_URL).' },
  LEAD_EXCHANGE_PROVIDER: {
    text: '\u00a77 pre-submit lead-data exchange: `offline` (nothing leaves the server) or `http` (needs LEAD_EXCHANGE_URL).',
  },
  LEAD_EXCHANGE_URL: { text: 'Base URL of the lead-data exchange, with LEAD_EXCHANGE_PROVIDER=http.' },
  IPQS_API_KEY: { text: 'IPQualityScore key, with PHONE_PROVIDER or EMAIL_PROVIDER=ipqs.', secret: true },
  IPQS_BASE_URL: { text: 'IPQualityScore\u2019s address (a test double\u2019s in tests).' },
  ZIPPOPOTAM_BASE_URL: { text: 'Zippopotam\u2019s address.' },
  TWILIO_ACCOUNT_SID: {
    text: 'Twilio account SID (`AC` and 32 hex characters), with SMS_PROVIDER=twilio.',
    production: 'required',
  },
  TWILIO_AUTH_TOKEN: { text: 'Twilio auth token, with SMS_PROVIDER=twilio.', secret: true, production: 'required' },
  TWILIO_VERIFY_SERVICE_SID: {
    text: 'Twilio Verify service SID (`VA` and 32 hex characters), with SMS_PROVIDER=twilio.',
    production: 'required',
  },
  TWILIO_BASE_URL: { text: 'Twilio Verify\u2019s address.' },
  SLACK_WEBHOOK_URL: { text: 'Slack incoming webhook, with ALERTS_PROVIDER=slack.', secret: true },
  PROVIDER_TIMEOUT_MS: { text: 'Time-out of every outside-service call, headers and body.' },
  TEXT_CHECK_URL: { text: 'A remote text (gibberish) check; unset: the offline model.' },
  TEXT_CHECK_TIMEOUT_MS: {
    text: 'Time-out of the remote text check (the visitor waits on it; \u00a78 lets a failed check return nothing).',
  },
  RECAPTCHA_SECRET: {
    text: 'reCAPTCHA secret of the opt-out form; unset: the check is off.',
    secret: true,
    production: 'required',
  },
  RECAPTCHA_SITE_KEY: {
    text: 'reCAPTCHA site key the opt-out page draws the captcha with.',
    production: 'required with RECAPTCHA_SECRET',
  },
  RECAPTCHA_VERIFY_URL: { text: 'The siteverify endpoint.' },
  RECAPTCHA_TIMEOUT_MS: { text: 'Time-out of siteverify.' },
  DELIVERY_WORKER: {
    text: '`on`: this instance sends deliveries; `off`: it only writes the jobs (another instance sends them).',
  },
  DELIVERY_CONCURRENCY: { text: 'Deliveries in flight at once in this instance.' },
  AUCTION_FLOOR: {
    text: 'Issue 32: the lowest ping-post bid taken, in US dollars (a buyer may set a higher floor of its own; direct-post prices are not cut by it).',
  },
  AUCTION_CONCURRENCY: {
    text: 'Issue 32: auctions pinging at once in this instance. An auction holds its slot until its last buyer answers or its deadline passes, so the instance completes at most this many ÷ the deadline auctions a second (300 ÷ 1.5 s = 200); with every slot taken, new auctions wait (`funnel_auctions_open` rises).',
  },
  DELIVERY_POLL_MS: {
    text: "How often the delivery worker and the auction runner look for work they were not told of (a retry or a hold come due, a lease run out, another instance's work); work written in this process is looked for at once.",
  },
  DELIVERY_TIMEOUT_MS: { text: 'Time-out of one delivery attempt, unless the buyer sets its own.' },
  DELIVERY_LEASE_MS: {
    text: 'A claimed delivery job\u2019s lease, renewed while its send runs; a dead worker\u2019s jobs are taken over within about 1.25 \u00d7 this + DELIVERY_POLL_MS.',
  },
  DELIVERY_RETRY_BASE_MS: { text: 'First retry delay (doubling, with jitter).' },
  DELIVERY_RETRY_MAX_DELAY_MS: { text: 'Longest retry delay.' },
  DELIVERY_RETRY_WINDOW_MS: { text: 'A job not accepted within this is dead (retry it from the console).' },
  DELIVERY_ROUTING: { text: '`exclusive`: a lead goes to one buyer; `shared`: to up to DELIVERY_SHARED_MAX_BUYERS.' },
  DELIVERY_SHARED_MAX_BUYERS: { text: 'Buyers a lead goes to with DELIVERY_ROUTING=shared.' },
  DELIVERY_DUPLICATE_WINDOW_DAYS: {
    text: 'A buyer is not sent a contact it had within this many days (unless the buyer sets its own).',
  },
  DELIVERY_QUEUE_SCHEMA: { text: 'PostgreSQL schema of the delivery queue (pg-boss); backed up with the app\u2019s.' },
  DELIVERY_QUEUE_MAINTENANCE_SECONDS: {
    text: 'How often the queue looks for jobs whose worker died, to hand them out again.',
  },
  LEAD_INGEST_PROVIDER: {
    text: '\u00a74 lead-ingest service of /api/ingest: `offline` (kept) or `leadprosper` (needs LEADPROSPER_*).',
  },
  LEADPROSPER_URL: { text: 'Lead Prosper\u2019s direct-post address.' },
  LEADPROSPER_CAMPAIGN_ID: { text: 'Lead Prosper campaign id, with LEAD_INGEST_PROVIDER=leadprosper.' },
  LEADPROSPER_SUPPLIER_ID: { text: 'Lead Prosper supplier id, with LEAD_INGEST_PROVIDER=leadprosper.' },
  LEADPROSPER_KEY: { text: 'Lead Prosper key, with LEAD_INGEST_PROVIDER=leadprosper.', secret: true },
  LEADPROSPER_TEST_MODE: { text: '`true`: Lead Prosper treats the posts as tests.' },
  BUYER_TARGET_ALLOWED_HOSTS: {
    text: 'Comma-separated hosts a buyer may post to in production although not public (loopback, private ranges); every other such target is refused.',
  },
};
