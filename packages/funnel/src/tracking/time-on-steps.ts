/** §3 time_on_steps: "step:time" entries joined by "|" (time in whole seconds). */
export interface StepTime {
  step: string;
  ms: number;
}

export function formatTimeOnSteps(entries: readonly StepTime[]): string {
  return entries.map((e) => `${e.step}:${Math.max(0, Math.round(e.ms / 1000))}`).join('|');
}
