/**
 * The pure flow executor: where the visitor is, what answering a step does, going back, progress.
 * It holds no clock and no I/O; the caller hands it the derivation context (today, place, limits).
 */
import { deriveLead, type DeriveContext } from '../lead/derive-lead';
import type { AnswerField, SurveyAnswers } from '../lead/survey-answers';
import { SUBMIT, type FlowDefinition, type FlowEffect, type FlowLead, type StepDefinition } from './flow-definition';
import { screenFields } from './screen-fields';

export interface FlowState {
  /** Steps shown so far, the current one last. */
  path: readonly string[];
  /** Every answer given, including ones on branches the visitor backed out of (to prefill). */
  answers: SurveyAnswers;
}

export type FlowContext = Omit<DeriveContext, 'policy'>;

export function stepById(flow: FlowDefinition, id: string): StepDefinition {
  const step = flow.steps.find((s) => s.id === id);
  if (!step) throw new Error(`Flow ${flow.id} has no step ${id}`);
  return step;
}

export function startFlow(flow: FlowDefinition): FlowState {
  return { path: [flow.first], answers: {} };
}

export function currentStep(flow: FlowDefinition, state: FlowState): StepDefinition {
  const id = state.path[state.path.length - 1];
  if (id === undefined) throw new Error('A flow state always has a current step');
  return stepById(flow, id);
}

/** The answers given to these fields. */
export function answersOnFields(answers: SurveyAnswers, fields: Iterable<AnswerField>): SurveyAnswers {
  const kept: Record<string, unknown> = {};
  for (const field of fields) if (answers[field] !== undefined) kept[field] = answers[field];
  return kept;
}

/** The answers that belong to the steps on `path`: what the visitor's final route really said. */
export function answersOnPath(flow: FlowDefinition, path: readonly string[], answers: SurveyAnswers): SurveyAnswers {
  const fields = new Set<AnswerField>();
  for (const id of path) for (const f of screenFields(stepById(flow, id).screen)) fields.add(f);
  return answersOnFields(answers, fields);
}

export function leadOf(
  flow: FlowDefinition,
  path: readonly string[],
  answers: SurveyAnswers,
  ctx: FlowContext,
): FlowLead {
  const raw = answersOnPath(flow, path, answers);
  return { ...raw, ...deriveLead(raw, { ...ctx, policy: flow.policy }) };
}

export interface AnswerOutcome {
  state: FlowState;
  /** True when the answered step was the last one: the caller submits. */
  done: boolean;
  /** What the page does now that the step is answered (the step's declared effects, from the answers). */
  effects: readonly FlowEffect[];
}

export function answerStep(
  flow: FlowDefinition,
  state: FlowState,
  stepAnswers: Partial<SurveyAnswers>,
  ctx: FlowContext,
): AnswerOutcome {
  const step = currentStep(flow, state);
  // Clear what this step owns first, so that an option writing fewer fields leaves no stale value.
  const cleared: Record<string, unknown> = { ...state.answers };
  for (const field of screenFields(step.screen)) delete cleared[field];
  const answers: SurveyAnswers = { ...cleared, ...stepAnswers };
  const raw = answersOnPath(flow, state.path, answers);
  const lead = { ...raw, ...deriveLead(raw, { ...ctx, policy: flow.policy }) };
  const next = step.next(lead, raw);
  const effects = step.effects?.(lead) ?? [];
  if (next === SUBMIT && step.targets.includes(SUBMIT))
    return { state: { path: state.path, answers }, done: true, effects };
  if (!step.targets.includes(next)) throw new Error(`Flow ${flow.id}: ${step.id} went to undeclared ${next}`);
  stepById(flow, next);
  if (state.path.includes(next)) throw new Error(`Flow ${flow.id} revisits ${next} after ${step.id}`);
  return { state: { path: [...state.path, next], answers }, done: false, effects };
}

export function goBack(state: FlowState): FlowState {
  return state.path.length > 1 ? { ...state, path: state.path.slice(0, -1) } : state;
}

export function progressOf(flow: FlowDefinition, state: FlowState): number {
  return currentStep(flow, state).progress;
}
