/**
 * Table shapes as Kysely sees them. Written by hand to match db/migrations.ts. Only types both SQLite
 * and PostgreSQL return the same way: text (ISO timestamps, JSON) and integer (docs/decisions/0007).
 */
import type { DeliveryStatus as FunnelDeliveryStatus } from '@app/funnel';
import type { Generated } from 'kysely';

export interface LeadsTable {
  id: string;
  received_at: string;
  variant: string;
  language: string;
  email: string;
  phone: string;
  zip_code: string;
  state: string;
  affid: string;
  oid: string;
  sub_id: string;
  lead_is_qualified: string;
  is_disqualified: number;
  dq_reason: string;
  /** Consent evidence (TCPA): the exact consent text the visitor saw next to the submit button. */
  tcpa: string;
  landing_page_url: string;
  ip_address: string;
  user_agent: string;
  trusted_form_cert_id: string;
  jornaya_leadid: string;
  sec_gpc: string;
  /** The variant the body claimed; `variant` is the server's, read off the landing path. */
  claimed_variant: string;
  /** Why the server could not judge the lead under its landing path's variant, '|'-joined codes; '' when it could. */
  submission_problems: string;
  /** The body as the server parsed it (raw answers), JSON. */
  submission: string;
  /** The full lead: submission + the server's derived fields and verdict, JSON. */
  lead: string;
  seq: Generated<number>;
  /** The server's own phone and email verdicts (http/contact-checks.ts). */
  phone_check: string;
  email_check: string;
  /** The consent version the server rendered for this lead (consent_versions.id), and yes when tcpa differs. */
  consent_version: string;
  consent_mismatch: string;
  /** When the bad-words webhook got this lead (once per lead); null until then. */
  bad_words_forwarded_at: string | null;
  /** When the retention job removed the personal data (jobs/retention.ts); null until then. */
  anonymized_at: string | null;
  /** The experiment and arm the visitor was on when the lead was posted (issue 16); '' when none. */
  experiment_id: Generated<string>;
  arm: Generated<string>;
  /**
   * The first and last name folded for the console's search (issue 29; nameSearchKey: "jose nunez" for José
   * Núñez); '' for a lead stored by a server before migration 0023 or anonymized.
   */
  name_key: Generated<string>;
}

/** A counter with its own window (db/usage-counter-store.ts). */
export interface UsageCountersTable {
  key: string;
  count: number;
  expires_at: string;
}

/** Offline SMS codes: salted SHA-256 of the code, by the phone's lookup key (never the number). */
export interface SmsCodesTable {
  phone_key: string;
  salt: string;
  hash: string;
  expires_at: string;
  wrong_attempts: number;
}

/** Issue 13: the latest approved SMS check of a phone (its lookup key). */
export interface SmsVerificationsTable {
  phone_key: string;
  verified_at: string;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Every consent text the server serves (consent/consent-text.ts in the domain), by version. */
export interface ConsentVersionsTable {
  id: string;
  revision: number;
  brand: string;
  language: string;
  variant: string;
  /** JSON array of the buyers the text names. */
  buyers: string;
  text: string;
  first_served_at: string;
}

/** §7 save-data: one row per call, many per session. */
export interface ProgressSnapshotsTable {
  id: string;
  session: string;
  /** JSON. */
  data: string;
  received_at: string;
}

export type OptOutStatus = 'open' | 'completed' | 'denied';

export interface OptOutRequestsTable {
  id: string;
  received_at: string;
  /** YYYY-MM-DD, the last day to answer (db/opt-out-due-date.ts). */
  due_at: string;
  /** JSON array of the §3 opt-out request field names ticked. */
  request_types: string;
  /** JSON: the form as submitted. */
  form_data: string;
  sec_gpc: 'yes' | 'no';
  status: OptOutStatus;
  status_changed_at: string;
  /** The operator who completed or denied the request (console), '' while open. */
  processed_by: Generated<string>;
}

export interface SuppressionListTable {
  id: string;
  /** Lower-case, trimmed; null when the entry is for a phone only. */
  email: string | null;
  /** The 10 national digits; null when the entry is for an email only. */
  phone: string | null;
  reason: string;
  added_at: string;
}

export const VALIDATION_KINDS = ['phone', 'email', 'text'] as const;
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

export interface ValidationResultsTable {
  id: string;
  kind: ValidationKind;
  /** HMAC-SHA256 (hex) of the normalised input (db/lookup-keys.ts): the raw email, phone or text is never here. */
  key: string;
  /** 1 when the check refused the input (§5 email: the second block of an address lets it through). */
  blocked: number;
  /** JSON: the provider's answer. */
  result: string;
  created_at: string;
}

export interface IngestedLeadsTable {
  id: string;
  source: string;
  /** JSON. */
  body: string;
  received_at: string;
  bad_words_forwarded_at: string | null;
  anonymized_at: string | null;
}

/** A buyer (issue 14): the validated BuyerConfig as JSON; `active` mirrors config.active for queries. */
export interface BuyersTable {
  key: string;
  name: string;
  active: number;
  /** JSON: BuyerConfig (packages/funnel delivery/buyer-config.ts). */
  config: string;
  /** Who wrote it last: the buyers file or the environment (lead-ingest) at start, or an operator (kept). */
  source: 'file' | 'operator' | 'environment';
  created_at: string;
  updated_at: string;
}

/** The statuses and their order live in the domain (delivery/delivery-status.ts). */
export type DeliveryStatus = FunnelDeliveryStatus;

/** Where the lead of a job is stored: `leads` (POST /post-lead) or `ingested_leads` (POST /api/ingest). */
export const LEAD_SOURCES = ['lead', 'ingest'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export interface DeliveryJobsTable {
  id: string;
  lead_id: string;
  lead_source: LeadSource;
  buyer_key: string;
  status: DeliveryStatus;
  /** Why it was skipped or died, or the buyer's message on a refusal. */
  reason: Generated<string>;
  attempts: Generated<number>;
  /** The buyer's price when the lead was routed, in cents. */
  price_cents: number;
  created_at: string;
  updated_at: string;
  next_attempt_at: string;
  /** created_at + the retry window: a failure after it makes the job dead. */
  deadline_at: string;
  /** While sending: until when this worker holds the job; after it, another may take it over. */
  lease_until: string | null;
  /** The cap periods this job holds a place in ('day:2026-11-22', 'month:2026-11'), or null. */
  cap_day: string | null;
  cap_month: string | null;
  last_status: number | null;
  last_answer: Generated<string>;
  finished_at: string | null;
  /** Issue 32: the auction bid this job posts (auction_bids.id); '' for a direct post. */
  bid_id: Generated<string>;
  /** Issue 32: the buyer's own id of that bid, sent with the post (`{bidId: true}`). */
  bid_ref: Generated<string>;
}

export type AttemptOutcome = 'accepted' | 'duplicate' | 'rejected' | 'failed';

export interface DeliveryAttemptsTable {
  id: string;
  job_id: string;
  attempt: number;
  started_at: string;
  latency_ms: number;
  outcome: AttemptOutcome;
  /** timeout, network, http-status, bad-answer, config; '' when the buyer answered clearly. */
  failure: string;
  http_status: number | null;
  message: string;
  /** The first characters of the buyer's answer. */
  answer_excerpt: string;
  /** The process that made the attempt (host:pid). */
  worker: string;
}

/** Why a lead went to the buyers it went to, or to none (issue 14: "the reason is recorded"). */
export const ROUTING_OUTCOMES = ['routed', 'not_sent'] as const;
export type RoutingOutcome = (typeof ROUTING_OUTCOMES)[number];

export interface LeadRoutingTable {
  lead_id: string;
  lead_source: LeadSource;
  decided_at: string;
  outcome: RoutingOutcome;
  reason: string;
  /** JSON: BuyerDecision[] (chosen, refused with a reason, not needed). */
  buyers: string;
}

/** A buyer holds a contact (email or phone key) for its duplicate window from the lead that claimed it. */
export interface DeliveryContactClaimsTable {
  buyer_key: string;
  /** 'email:' or 'phone:' + SHA-256 of the normalised contact. */
  contact_key: string;
  lead_id: string;
  claimed_at: string;
}

/** Places taken in a buyer's caps: accepted and in-flight jobs of the period. */
export interface BuyerCapUsageTable {
  buyer_key: string;
  period: string;
  used: number;
}

export type QuarantineStatus = 'open' | 'replayed' | 'discarded';

/** Bodies the intake refused for validation, kept to be fixed and replayed (issue 14 "Nothing lost at the door"). */
export interface QuarantinedBodiesTable {
  id: string;
  /** The path posted to: /post-lead or /api/ingest. */
  endpoint: string;
  received_at: string;
  /** The body as JSON text, cut to the cap. */
  body: string;
  body_bytes: number;
  truncated: number;
  /** JSON: [{field, message}]. */
  errors: string;
  ip_address: string;
  user_agent: string;
  sec_gpc: 'yes' | 'no';
  status: QuarantineStatus;
  resolved_at: string | null;
  /** The lead a replay stored. */
  lead_id: string | null;
}

/** Console accounts (issue 16); created with `npm run operator -- add EMAIL`. */
export interface OperatorsTable {
  id: string;
  /** Lower-case, trimmed. */
  email: string;
  /** console/password-hash.ts: scrypt with its parameters. */
  password_hash: string;
  created_at: string;
  disabled_at: string | null;
  last_sign_in_at: string | null;
}

export interface OperatorSessionsTable {
  /** SHA-256 (hex) of the session cookie's token. */
  id: string;
  operator_id: string;
  created_at: string;
  /** Absolute end; the session also ends after an idle period (console/console-sessions.ts). */
  expires_at: string;
  last_seen_at: string;
}

/** What operators did in the console: who, what, to what, when. */
export interface OperatorActionsTable {
  id: string;
  operator_id: string;
  operator_email: string;
  action: string;
  /** The id acted on (a lead, a job, a buyer key, a request). */
  target: string;
  /** JSON. */
  details: string;
  at: string;
}

export interface Database {
  leads: LeadsTable;
  progress_snapshots: ProgressSnapshotsTable;
  opt_out_requests: OptOutRequestsTable;
  suppression_list: SuppressionListTable;
  validation_results: ValidationResultsTable;
  ingested_leads: IngestedLeadsTable;
  buyers: BuyersTable;
  delivery_jobs: DeliveryJobsTable;
  delivery_attempts: DeliveryAttemptsTable;
  lead_routing: LeadRoutingTable;
  delivery_contact_claims: DeliveryContactClaimsTable;
  buyer_cap_usage: BuyerCapUsageTable;
  quarantined_bodies: QuarantinedBodiesTable;
  usage_counters: UsageCountersTable;
  sms_codes: SmsCodesTable;
  sms_verifications: SmsVerificationsTable;
  server_secrets: ServerSecretsTable;
  consent_versions: ConsentVersionsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_actions: OperatorActionsTable;
  step_snapshots: StepSnapshotsTable;
  experiments: ExperimentsTable;
  experiment_assignments: ExperimentAssignmentsTable;
  auctions: AuctionsTable;
  auction_bids: AuctionBidsTable;
}

/**
 * Issue 32: a lead offered to the ping-post buyers (auction/). pending: written with the lead; pinging: a
 * worker holds it until lease_until (a dead worker's auction is taken again, the next round); decided: its
 * delivery jobs are written; unsold: no bid could be posted (reason).
 */
export const AUCTION_STATUSES = ['pending', 'pinging', 'decided', 'unsold'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export interface AuctionsTable {
  lead_id: string;
  lead_source: LeadSource;
  status: AuctionStatus;
  /** Incremented at each claim: a worker decides only the round it pinged. */
  round: Generated<number>;
  /** How many buyers the routing rule wants (1: exclusive). */
  wanted: number;
  lease_until: string | null;
  worker: Generated<string>;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
  reason: Generated<string>;
}

/** One buyer's offer in one round: a ping's bid or decline, or a direct-post buyer's standing bid. */
export interface AuctionBidsTable {
  id: string;
  lead_id: string;
  round: number;
  buyer_key: string;
  kind: 'ping' | 'standing';
  outcome: 'bid' | 'declined';
  /** PING_DECLINES, '' for a bid. */
  decline: Generated<string>;
  price_cents: Generated<number>;
  /** The buyer's own bid id, sent with the post. */
  bid_ref: Generated<string>;
  expires_at: string | null;
  latency_ms: Generated<number>;
  http_status: number | null;
  message: Generated<string>;
  /** The delivery job that posts this bid, once it is chosen. */
  job_id: Generated<string>;
  created_at: string;
}

/** Issue 16: one row per session and step the visitor left (db/step-snapshot-store.ts). */
export interface StepSnapshotsTable {
  session: string;
  step_id: string;
  step_number: number;
  ms_on_step: number;
  /** The server's reading: the landing path's variant, or the experiment arm's. */
  variant: string;
  /** The brand of the Host the snapshot was posted to. */
  brand: string;
  language: string;
  landing_path: string;
  experiment_id: Generated<string>;
  arm: Generated<string>;
  lead_id: Generated<string>;
  received_at: string;
}

/** Issue 16: an experiment's configuration (JSON, ExperimentConfigSchema) and status. */
export interface ExperimentsTable {
  id: string;
  config: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** Issue 16: which arm each visitor of an experiment was given, once. */
export interface ExperimentAssignmentsTable {
  experiment_id: string;
  visitor_id: string;
  arm: string;
  assigned_at: string;
}
