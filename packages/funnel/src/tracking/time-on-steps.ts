/** §3 time_on_steps: "step:time" entries joined by "|" (time in whole seconds). */
export interface StepTime {
  step: string;
  ms: number;
}

export function formatTimeOnSteps(entries: readonly StepTime[]): string {
  return entries.map((e) => `${e.step}:${Math.max(0, Math.round(e.ms / 1000))}`).join('|');
}

/** Reads time_on_steps back: each step with its seconds; malformed entries are left out. */
export function parseTimeOnSteps(value: string): { step: string; seconds: number }[] {
  return value
    .split('|')
    .map((entry) => /^([^:|]+):(\d+)$/.exec(entry))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ step: match[1] ?? '', seconds: Number(match[2]) }));
}
