/**
 * Issue 10: §5's validation of a form step, worked out once per input. The visitor's pause validates what
 * was typed (answer-form.ts prepareForm); the tap that sends the same input on the same day takes that
 * result instead of validating again. The domain's validateStep is pure: one step, input and day, one result.
 */
import { validateStep, type StepDefinition, type StepInput, type StepResult } from '@app/funnel';

let last: { step: StepDefinition; today: string; input: string; result: StepResult } | null = null;

export function validateStepOnce(step: StepDefinition, input: StepInput, today: string): StepResult {
  const key = JSON.stringify(input);
  if (last?.step === step && last.today === today && last.input === key) return last.result;
  const result = validateStep(step, input, today);
  last = { step, today, input: key, result };
  return result;
}
