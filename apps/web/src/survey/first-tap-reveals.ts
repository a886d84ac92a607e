/**
 * Issue 33 "the first transition needs no app": what each answer of the page's first step leads to, asked
 * of the flow (its own `next`, through the engine), for the inline capture script to show that step on a
 * tap made before the app is live (app/capture-early-input.ts). The server's HTML holds those steps, kept
 * (step-view.tsx); this names, per option, the pane to show and the progress it brings. Only a one-tap
 * choice is listed: a first step that needs validation (a form) waits for the app, as before. An option
 * that ends the survey is not listed (its tap waits for the submit's code).
 */
import { answerStep, stepById, type FlowContext, type FlowDefinition, type SurveyAnswers } from '@app/funnel';
import { FIRST_TAP_ID } from './pane-classes';
import { jsonScript } from '../app/page-data';

export interface FirstTapReveals {
  /** The first step: a tap on another step's option is not revealed. */
  step: string;
  /** Per option id: the step it leads to and that step's progress. */
  options: Record<string, { to: string; progress: number }>;
}

export function firstTapReveals(flow: FlowDefinition, context: FlowContext): FirstTapReveals | null {
  const first = stepById(flow, flow.first);
  if (first.screen.kind !== 'choice') return null;
  const options: FirstTapReveals['options'] = {};
  const start = { path: [flow.first], answers: {} satisfies SurveyAnswers };
  for (const option of first.screen.options) {
    const outcome = answerStep(flow, start, option.set, context);
    const to = outcome.state.path[outcome.state.path.length - 1];
    if (outcome.done || to === undefined) continue;
    options[option.id] = { to, progress: stepById(flow, to).progress };
  }
  return { step: first.id, options };
}

/** The element the server puts in a survey page's head (JSON, not run: `script-src 'self'` allows it). */
export function firstTapScript(reveals: FirstTapReveals): string {
  return jsonScript(FIRST_TAP_ID, reveals);
}
