/**
 * Issue 10 "every step transition at most 85 ms": the first check of a form step pays once for what the
 * browser prepares on first use (the §5 schemas' compiled parsers, their regular expressions, the code of
 * the checks itself), about 7 ms on a desktop and four times that on the bench's phone. This runs each form
 * step's validation once while the visitor reads, one step per idle moment, so the tap pays only for the
 * check. Nothing is kept: validateStep is pure; the results are thrown away.
 */
import { screenFields, validateStep, type FlowDefinition } from '@app/funnel';

/** Two inputs per step: empty (the refusal's path) and a letter in every field (each field's own checks). */
function sampleInputs(fields: readonly string[]) {
  return [{}, Object.fromEntries(fields.map((field) => [field, 'x']))];
}

/** Starts the warm-up; returns a function that stops what has not run yet. */
export function warmStepChecks(flow: FlowDefinition, today: string): () => void {
  const steps = flow.steps.filter((step) => step.screen.kind !== 'choice');
  let idle: number | undefined;
  const next = (index: number) => {
    const step = steps[index];
    if (!step) return;
    idle = window.requestIdleCallback(
      () => {
        for (const input of sampleInputs(screenFields(step.screen))) validateStep(step, input, today);
        next(index + 1);
      },
      { timeout: 5000 },
    );
  };
  if ('requestIdleCallback' in window) next(0);
  return () => {
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
