/**
 * The verdict of a flow that ends on the page without a lead (the eligibility flow, issue 28): the server
 * reads it from the answers of the visit's last step snapshot (§7 save-data), as it reads a lead's from its
 * body, and keeps it with the visit. The walk is the snapshot's; the answers are checked by the survey's
 * own schema; the rules are the flow's.
 */
import type { StepSnapshot } from '../api/progress-snapshot';
import { answersOnPath } from '../flows/flow-engine';
import type { FlowDefinition } from '../flows/flow-definition';
import { ACCIDENT_AGE_LIMITS } from '../rules/accident-age-limits';
import type { Verdict } from '../rules/qualification';
import { looksLikeGibberish } from '../text/description-checks';
import { deriveLead } from './derive-lead';
import { SurveyAnswersSchema } from './survey-answers-schema';

/** The verdict of a finished walk of a flow that posts no lead; null for any other snapshot. */
export function pageEndVerdict(flow: FlowDefinition, snapshot: StepSnapshot, today: string): Verdict | null {
  if (flow.ending.destination !== 'none') return null;
  // A finished walk: every step of it completed, none shown.
  if (snapshot.progress_tracking.some((entry) => entry.active)) return null;
  const parsed = SurveyAnswersSchema.safeParse(snapshot.answers);
  if (!parsed.success) return null;
  const path = snapshot.progress_tracking.map((entry) => entry.id);
  const answers = answersOnPath(flow, path, parsed.data);
  const derived = deriveLead(answers, {
    today,
    place: null,
    stateLimits: ACCIDENT_AGE_LIMITS,
    policy: flow.policy,
    tracking: { oid: '', affid: '', lp_campaign_id: '' },
    wordLists: null,
    gibberishReading: looksLikeGibberish,
  });
  const { is_disqualified, dq_reason, do_not_send_to_dq, lead_is_qualified } = derived;
  return { is_disqualified, dq_reason, do_not_send_to_dq, lead_is_qualified };
}
