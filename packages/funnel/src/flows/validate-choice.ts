/**
 * A one-tap step's answer: the option picked, or the §5-style message when none of the step's options was.
 * Apart from validate-step.ts (the form schemas) so that a choice answers without loading them (issue 10).
 */
import type { SurveyAnswers } from '../lead/survey-answers';
import { CHOOSE_ANSWER_MESSAGE } from '../lead/choose-answer-message';
import type { Screen } from './flow-definition';

export type StepInput = Record<string, string | undefined>;

export type StepResult = { ok: true; answers: Partial<SurveyAnswers> } | { ok: false; errors: Record<string, string> };

export function validateChoice(screen: Extract<Screen, { kind: 'choice' }>, input: StepInput): StepResult {
  const option = screen.options.find((o) => o.id === input.option);
  return option ? { ok: true, answers: option.set } : { ok: false, errors: { option: CHOOSE_ANSWER_MESSAGE } };
}
