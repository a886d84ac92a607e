/**
 * What the survey page posts as `data` in §7 save-data: its pending list of step snapshots (§3 "progress
 * tracking list (number, id, name, label, completed, active); time_on_steps"). One entry per step the
 * visitor left, oldest first; the page keeps the list until the server answers success (§7) and retries
 * it otherwise (§8). The server stores the raw call (nothing accepted is lost) and, for a body that reads
 * as this schema, one row per session and step, from which the console's funnel analytics are computed.
 *
 * The page is not trusted with anything derived: the variant comes from `landing_page_url` as the lead's
 * does (lead/read-submission.ts), the brand from the Host, the experiment arm from the server's cookie.
 */
import { z } from 'zod';
import { machineText } from '../tracking/tracking-fields';

/** §3 progress tracking list entry. */
export const ProgressTrackingEntrySchema = z.object({
  number: z.number().int().nonnegative().max(1000),
  id: machineText(100, 'id is required'),
  name: machineText(200),
  label: machineText(200),
  completed: z.boolean(),
  active: z.boolean(),
});

/** One step the visitor left: which, when, how long it took, and the answers so far. */
export const StepSnapshotSchema = z.object({
  /** The step just left (a flow step id, e.g. "WhenWasTheAccident"). */
  step_id: machineText(100, 'step_id is required'),
  /** Its position in the visitor's walk (1 for the first step answered). */
  step_number: z.number().int().positive().max(1000),
  /** How long the step was on screen, in milliseconds. */
  ms_on_step: z.number().int().nonnegative().max(86_400_000),
  /** The page's address, from which the server reads the variant (never from a field the page names). */
  landing_page_url: machineText(2000, 'landing_page_url is required'),
  /** The lead id the page will post with, when it has one. */
  lead_id: z.uuid().optional(),
  progress_tracking: z.array(ProgressTrackingEntrySchema).max(100),
  /** §3 time_on_steps so far ("step:seconds" joined by "|"). */
  time_on_steps: machineText(5000),
  /** The answers so far, by field name (display strings; no contact fields are sent in snapshots). */
  answers: z.record(z.string().max(100), machineText(5000)),
});

/** The body's `data`: the pending list. */
export const ProgressSnapshotListSchema = z.array(StepSnapshotSchema).min(1).max(100);

export type StepSnapshot = z.infer<typeof StepSnapshotSchema>;
export type ProgressTrackingEntry = z.infer<typeof ProgressTrackingEntrySchema>;
