/**
 * Table shapes as Kysely sees them. Written by hand to match db/migrations.ts. Only types both SQLite
 * and PostgreSQL return the same way: text (ISO timestamps, JSON) and integer (docs/decisions/0007).
 */
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

export type ValidationKind = 'phone' | 'email' | 'text';

export interface ValidationResultsTable {
  id: string;
  kind: ValidationKind;
  /** SHA-256 (hex) of the normalised input: the raw email, phone or text is never stored here. */
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
}

export interface Database {
  leads: LeadsTable;
  progress_snapshots: ProgressSnapshotsTable;
  opt_out_requests: OptOutRequestsTable;
  suppression_list: SuppressionListTable;
  validation_results: ValidationResultsTable;
  ingested_leads: IngestedLeadsTable;
}
