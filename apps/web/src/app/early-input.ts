/**
 * A tap (or a form sent) before the page is live (issue 10): the server's HTML shows the first question
 * before any script has run, and a visitor who answers it then must never have to answer twice. The
 * inline capture script (early-input-script.ts) keeps the first such input; the entry stops it just
 * before React takes the page over, and the survey answers it once (use-survey.ts).
 */
export interface EarlyInput {
  /** The step the input was made on (the section's data-step). */
  step: string;
  /** A choice's { option } or a form's fields, as the step's screen would submit them. */
  input: Record<string, string>;
}

export interface EarlyInputCapture {
  /** Stops capturing, puts the page back as the server sent it, and hands over what was captured. */
  stop: () => unknown;
}

declare global {
  interface Window {
    __funnelEarlyInput?: EarlyInputCapture;
  }
}

function isEarlyInput(value: unknown): value is EarlyInput {
  if (typeof value !== 'object' || value === null || !('step' in value) || !('input' in value)) return false;
  const { step, input } = value;
  return (
    typeof step === 'string' &&
    typeof input === 'object' &&
    input !== null &&
    Object.values(input).every((v) => typeof v === 'string')
  );
}

/** Ends the capture (from here on React handles every event) and returns the input made before, if any. */
export function stopEarlyCapture(win: Window): EarlyInput | null {
  const capture = win.__funnelEarlyInput;
  delete win.__funnelEarlyInput;
  const taken = capture?.stop();
  return isEarlyInput(taken) ? taken : null;
}
