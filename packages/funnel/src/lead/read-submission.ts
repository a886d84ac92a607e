/**
 * The server's reading of a posted lead's variant (architecture principle 1: "under the variant that the
 * landing path names, never the one the body claims"). The landing path decides the variant through the
 * route registry; the variant's flow must post to the endpoint that received the lead; `steps_path` must
 * be a walk that flow allows, every step of it answered, each branch the one the flow takes on those
 * answers. A lead that fails any of these is still stored (nothing is lost) but never sold: the reasons
 * are recorded and the verdict is forced to disqualified.
 */
import { addDays } from './dates';
import { deriveLead, type DeriveContext } from './derive-lead';
import { overlay } from './overlay';
import type { Language, LeadSubmission } from './lead-submission';
import type { AnswerField, SurveyAnswers } from './survey-answers';
import { SUBMIT, type FlowDefinition, type FlowEnding, type StepDefinition } from '../flows/flow-definition';
import { answersOnFields, answersOnPath } from '../flows/flow-engine';
import { flowById } from '../flows/flow-registry';
import { screenFields } from '../flows/screen-fields';
import { validateStep, type StepInput } from '../flows/validate-step';
import { resolveRoute } from '../routes/route-registry';

/** Where a lead was posted: POST /post-lead or the default external ingest (POST /api/ingest, §4). */
export type LeadDestination = Exclude<FlowEnding['destination'], 'none'>;

/** Why the server cannot judge a submission under its landing path's variant. Stable codes, stored. */
export const SUBMISSION_PROBLEMS = [
  /** landing_page_url names no funnel path of the route registry. */
  'unknown_landing_path',
  /** The landing path's flow does not post leads here (another endpoint, or no lead at all). */
  'wrong_destination',
  /** steps_path is not a walk of the flow from its first step to submit. */
  'invalid_walk',
  /** A step on the walk has no answer. */
  'unanswered_step',
  /** A branch on the walk is not the one the flow takes on the posted answers. */
  'branch_mismatch',
] as const;

export type SubmissionProblem = (typeof SUBMISSION_PROBLEMS)[number];

export interface SubmissionReading {
  /** The server's variant: the landing path's, or 'unknown' when the path names none. */
  variant: string;
  language: Language;
  /** The flow whose rules judge the lead; undefined when the landing path names none. */
  flow: FlowDefinition | undefined;
  /** The answers the server judges: those of the walked steps, when the walk is one the flow allows. */
  answers: SurveyAnswers;
  /** Empty when the submission is consistent with its landing path's variant. */
  problems: SubmissionProblem[];
}

/** Fields only text checks read: no branch depends on them, and replaying without them is cheap. */
const TEXT_FIELDS: readonly AnswerField[] = ['case_description', 'first_name', 'last_name'];

/** The context a replay derives with; the policy is the flow's own. */
export type ReplayContext = Omit<DeriveContext, 'policy' | 'textVerdict' | 'wordLists' | 'gibberishReading'>;

function landingPath(url: string): string | null {
  if (!URL.canParse(url)) return null;
  return new URL(url).pathname;
}

/**
 * Would the page have accepted these answers at this step? (Dates may be a day ahead of the server's.)
 * `given`: the answers by field, made once per walk (issue 15: not an array of entries per option).
 */
function isAnswered(step: StepDefinition, answers: SurveyAnswers, given: ReadonlyMap<string, unknown>, today: string) {
  const screen = step.screen;
  if (screen.kind === 'choice') {
    // One of the options, exactly as the page writes it (an option may write nothing: "Start").
    return screen.options.some((option) =>
      Object.entries(option.set).every(([field, value]) => given.has(field) && given.get(field) === value),
    );
  }
  const input: StepInput = {};
  for (const [field, value] of Object.entries(answersOnStep(step, answers))) {
    if (typeof value === 'string') input[field] = value;
  }
  return validateStep(step, input, addDays(today, 1)).ok;
}

function answersOnStep(step: StepDefinition, answers: SurveyAnswers): Record<string, unknown> {
  const fields = new Set<string>(screenFields(step.screen));
  return Object.fromEntries(Object.entries(answers).filter(([field]) => fields.has(field)));
}

/** The walk's steps by id (undefined where the flow has no such step), found once per reading. */
type WalkSteps = readonly (StepDefinition | undefined)[];

function walkProblem(
  flow: FlowDefinition,
  path: readonly string[],
  steps: WalkSteps,
  answers: SurveyAnswers,
  today: string,
): SubmissionProblem | null {
  if (path[0] !== flow.first || new Set(path).size !== path.length) return 'invalid_walk';
  for (const [i, step] of steps.entries()) {
    if (step === undefined || !step.targets.includes(path[i + 1] ?? SUBMIT)) return 'invalid_walk';
  }
  const given = new Map(Object.entries(answers));
  return steps.every((step) => step !== undefined && isAnswered(step, answers, given, today))
    ? null
    : 'unanswered_step';
}

/** A branch the walk took: the step, the answers on the walk up to it, and where the visitor went. */
interface TakenBranch {
  step: StepDefinition;
  raw: SurveyAnswers;
  next: string;
}

/**
 * The branches to replay: steps that can branch, but not a step whose answer a later step asked again
 * (ConfirmationHasLawyer asks HasLawyer's question: the first answer is not posted). The answers on the
 * walk grow step by step (issue 15: one pass, not one per prefix); text fields are left out, as no branch
 * reads them.
 */
function takenBranches(steps: WalkSteps, path: readonly string[], answers: SurveyAnswers): TakenBranch[] | null {
  const askedAgain = fieldsAskedAgain(steps);
  const fields = new Set<AnswerField>();
  const branches: TakenBranch[] = [];
  for (const [i, step] of steps.entries()) {
    if (step === undefined) return null;
    for (const field of screenFields(step.screen)) if (!TEXT_FIELDS.includes(field)) fields.add(field);
    if (step.targets.length < 2 || askedAgain[i]) continue;
    branches.push({ step, raw: answersOnFields(answers, fields), next: path[i + 1] ?? SUBMIT });
  }
  return branches;
}

/** Does the flow, given these answers, take every branch the walk took? */
function replays(flow: FlowDefinition, branches: readonly TakenBranch[], ctx: ReplayContext): boolean {
  const derive = overlay(ctx, { policy: flow.policy, wordLists: null, gibberishReading: null });
  return branches.every(({ step, raw, next }) => {
    // No branch reads the word lists (bad_words, name_bad_word) nor the text (is_gibberish; the text
    // fields are left out): the replay derives without them.
    const lead = overlay(raw, deriveLead(raw, derive));
    return step.next(lead, raw) === next;
  });
}

/** For each step of a walk: does a later step ask one of its fields again? One pass from the end. */
function fieldsAskedAgain(steps: WalkSteps): boolean[] {
  const later = new Set<string>();
  const again: boolean[] = [];
  for (let i = steps.length - 1; i >= 0; i--) {
    const fields = screenFieldsOf(steps[i]);
    again[i] = fields.some((field) => later.has(field));
    for (const field of fields) later.add(field);
  }
  return again;
}

function screenFieldsOf(step: StepDefinition | undefined): readonly string[] {
  return step ? screenFields(step.screen) : [];
}

/**
 * A visitor's survey may span midnight (UTC), and a phone's clock may run a day ahead: a branch that reads
 * the accident's age replays on any of those three days.
 */
function replaysAroundToday(
  flow: FlowDefinition,
  steps: WalkSteps,
  path: readonly string[],
  answers: SurveyAnswers,
  ctx: ReplayContext,
): boolean {
  const branches = takenBranches(steps, path, answers);
  if (branches === null) return false;
  return [0, -1, 1].some((shift) => replays(flow, branches, overlay(ctx, { today: addDays(ctx.today, shift) })));
}

/** `assignedVariant`: the experiment arm the server showed on this path (issue 16), else the path's own. */
export function readSubmission(
  submission: LeadSubmission,
  destination: LeadDestination,
  ctx: ReplayContext,
  assignedVariant?: string,
): SubmissionReading {
  const path = landingPath(submission.landing_page_url);
  const route = path === null ? undefined : resolveRoute(path);
  const variant = assignedVariant ?? route?.variant;
  const flow = variant === undefined ? undefined : flowById(variant);
  if (!route || !flow) {
    return {
      variant: 'unknown',
      language: submission.language,
      flow: undefined,
      answers: submission,
      problems: ['unknown_landing_path'],
    };
  }
  const problems: SubmissionProblem[] = [];
  if (flow.ending.destination !== destination) problems.push('wrong_destination');
  const walked = submission.steps_path;
  const steps = walked.map((id) => flow.steps.find((s) => s.id === id));
  const walk = walkProblem(flow, walked, steps, submission, ctx.today);
  if (walk) problems.push(walk);
  else if (!replaysAroundToday(flow, steps, walked, submission, ctx)) problems.push('branch_mismatch');
  return {
    variant: flow.id,
    language: route.language,
    flow,
    answers: walk === 'invalid_walk' ? submission : answersOnPath(flow, submission.steps_path, submission),
    problems,
  };
}
