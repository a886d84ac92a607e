/**
 * Issue 29, finding 2: what an operator may change when replaying a refused lead body from the quarantine.
 * A replay fixes a typo that made a body invalid; it must never add consent the visitor did not give. So
 * the consent evidence is never editable: the consent text and the one-to-one consent fields, the
 * certificate ids (TrustedForm, Jornaya), the IP and user agent, the page the consent was given on, the
 * lead's id and its times. Every other field may be fixed, and each change (old and new value) is kept in
 * the operator's audit row and shown on the lead's page.
 */
import { z } from 'zod';
import { ConsentFieldsSchema } from '../lead/consent-fields';

export const REPLAY_LOCKED_FIELDS: readonly string[] = [
  'lead_id',
  'tcpa',
  // What decides whether the consent fields bind the lead at all (delivery sends a lead with 1_to_1_consent
  // yes only to the firms kept), and the walk and page it was given on (issue 29 review).
  '1_to_1_consent',
  'variant',
  'language',
  'steps_path',
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

/** One field a replay changed: `old` absent when the edit added it, `new` absent when it removed it. */
export const ReplayChangeSchema = z.object({
  field: z.string(),
  old: z.unknown().optional(),
  new: z.unknown().optional(),
});
export type ReplayChange = z.infer<typeof ReplayChangeSchema>;

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
