/**
 * Issue 29, finding 2: what an operator may change when replaying a refused lead body from the quarantine.
 * A replay fixes a typo that made a body invalid; it must never add consent the visitor did not give. So
 * the consent evidence is never editable: the consent text and the one-to-one consent fields, the
 * certificate ids (TrustedForm, Jornaya), the IP and user agent, the page the consent was given on, the
 * lead's id and its times. Every other field may be fixed, and each change (old and new value) is kept in
 * the operator's audit row and shown on the lead's page.
 */
import { ConsentFieldsSchema } from '../lead/consent-fields';

export const REPLAY_LOCKED_FIELDS: readonly string[] = [
  'lead_id',
  'tcpa',
  ...ConsentFieldsSchema.keyof().options,
  'trusted_form_cert_id',
  'trustedform_cert_url',
  'leadid_token',
  'ip_address',
  'user_agent',
  'landing_page',
  'landing_page_url',
  'page_referer',
  'time_on_steps',
  'utc_offset_minutes',
  'received_at',
  'created_at',
];

export interface ReplayChange {
  field: string;
  /** The value as the body was kept; undefined when the field was not there. */
  old: unknown;
  /** The value the operator gave; undefined when the field was removed. */
  new: unknown;
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.fromEntries(Object.entries(body)) : {};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The top-level fields whose value the edit changed, added or removed, by field name. */
export function replayChanges(original: unknown, edited: unknown): ReplayChange[] {
  const before = fieldsOf(original);
  const after = fieldsOf(edited);
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])].sort();
  return names
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, old: before[field], new: after[field] }));
}

/** The changes a replay may not make: each names a locked field. */
export function lockedChanges(changes: readonly ReplayChange[]): ReplayChange[] {
  return changes.filter((change) => REPLAY_LOCKED_FIELDS.includes(change.field));
}

/** The message a refused replay gives for a locked field. */
export const REPLAY_LOCKED_MESSAGE = 'is consent evidence (or its time and origin) and cannot be changed in a replay';
