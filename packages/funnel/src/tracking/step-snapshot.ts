/**
 * The snapshot of one step the visitor left (spec §3 "progress tracking list (number, id, name, label,
 * completed, active)", "time_on_steps"; §7 save-data), in the shape of the shared save-data contract
 * (api/progress-snapshot.ts). §4 "Progress tracking marks a step active, then completed and inactive":
 * every step of the walk so far is completed, the one now shown is active (none once the survey is done).
 *
 * No personal detail travels in a snapshot: contact fields, the date of birth and typed free text are left
 * out (docs/spec-decisions.md "Progress snapshots"); the lead itself carries them, once, with consent.
 */
import type { z } from 'zod';
import type { StepSnapshotSchema } from '../api/progress-snapshot';
import type { SurveyAnswers } from '../lead/survey-answers';
import { formatTimeOnSteps, type StepTime } from './time-on-steps';

/** Fields a snapshot never carries: who the visitor is, and what they typed in their own words. */
export const SNAPSHOT_PRIVATE_FIELDS: ReadonlySet<string> = new Set([
  'first_name',
  'last_name',
  'email',
  'phone',
  'zip_code',
  'address',
  'date_of_birth',
  'case_description',
  'law_firm_name',
  'attorney_name',
]);

/** The schema's limits (api/progress-snapshot.ts): longer texts are cut, never refused. */
const LABEL_MAX = 200;
const ANSWER_MAX = 5000;
const TRACKING_MAX = 100;

export interface StepLeft {
  /** The walk after the step was answered: the step left, then the one now shown (unless done). */
  path: readonly string[];
  /** The survey ended with this step (it submitted). */
  done: boolean;
  stepId: string;
  msOnStep: number;
  landingUrl: string;
  leadId: string;
  stepTimes: readonly StepTime[];
  answers: SurveyAnswers;
  /** A step's label as the visitor saw it (its title); the step id when it has none. */
  labelOf: (stepId: string) => string | undefined;
}

export type StepSnapshotInput = z.input<typeof StepSnapshotSchema>;

/** The answers a snapshot carries: the survey's choices, as text, without the private fields. */
export function snapshotAnswers(answers: SurveyAnswers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [field, value] of Object.entries(answers)) {
    if (SNAPSHOT_PRIVATE_FIELDS.has(field) || value === undefined || value === null) continue;
    kept[field] = String(value).slice(0, ANSWER_MAX);
  }
  return kept;
}

export function stepSnapshot(left: StepLeft): StepSnapshotInput {
  const shownIndex = left.done ? -1 : left.path.length - 1;
  const walked = left.path.slice(-TRACKING_MAX);
  const offset = left.path.length - walked.length;
  return {
    step_id: left.stepId,
    step_number: Math.max(1, left.stepTimes.length),
    ms_on_step: Math.min(86_400_000, Math.max(0, Math.round(left.msOnStep))),
    landing_page_url: left.landingUrl.slice(0, 2000),
    lead_id: left.leadId,
    progress_tracking: walked.map((id, i) => ({
      number: offset + i + 1,
      id,
      name: id,
      label: (left.labelOf(id) ?? id).slice(0, LABEL_MAX),
      completed: offset + i !== shownIndex,
      active: offset + i === shownIndex,
    })),
    time_on_steps: formatTimeOnSteps(left.stepTimes).slice(0, 5000),
    answers: snapshotAnswers(left.answers),
  };
}
