/**
 * A tap (or a form sent) before the page is live (issue 10): the server's HTML shows the first question
 * before any script has run, and a visitor who answers it then must never have to answer twice. The
 * inline capture script (capture-early-input.ts) keeps the first such input; it is stopped when React
 * commits the page (issue 33: not before the hydration, which runs in slices and during which a tap on an
 * option stays the script's), and the survey answers it once (use-survey.ts).
 */
export interface EarlyInput {
  /** The step the input was made on (the section's data-step). */
  step: string;
  /** A choice's { option } or a form's fields, as the step's screen would submit them. */
  input: Record<string, string>;
  /** When the tap was made (performance.now()): the time on the step ends there, not when the app took over. */
  at?: number;
  /**
   * The step the capture script showed for it (issue 33), before the app was live: the page shows that step
   * and its progress already, and the app's first render shows that progress too (survey/use-survey.ts).
   */
  revealed?: string;
}

export interface EarlyInputCapture {
  /** What was captured so far, capturing on. */
  peek?: () => unknown;
  /** Stops capturing, puts the page back as the server sent it, and hands over what was captured. */
  stop: () => unknown;
  /** A form outside a survey step (the landing's, the opt-out's) sent before the page was live. */
  heldForm?: () => unknown;
  /** Makes the edits of fields made before the page was live again, once React handles the page. */
  replayEdits?: () => void;
}

export interface EarlyCapture {
  /** The survey's answer given before the page was live, answered once by the survey. */
  input: EarlyInput | null;
  /** A form outside the survey sent before the page was live: sent again once React handles it. */
  form: HTMLFormElement | null;
  /** Makes the fields' edits made before the page was live again, through the page's own handlers. */
  replayEdits: () => void;
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
    Object.values(input).every((v) => typeof v === 'string') &&
    (!('at' in value) || typeof value.at === 'number') &&
    (!('revealed' in value) || typeof value.revealed === 'string')
  );
}

/**
 * The survey's answer given so far, the capture going on (issue 33): what the page's first render shows
 * (the step the capture script revealed, and its progress).
 */
export function peekEarlyInput(win: Window): EarlyInput | null {
  const taken = win.__funnelEarlyInput?.peek?.();
  return isEarlyInput(taken) ? taken : null;
}

/**
 * The early input of a page rendered by React: what its first render shows, and what it answers once
 * committed. `take()` ends the capture at that commit (from then on React handles every event; a tap
 * made during the hydration is the capture's), once, and returns the input, the first render's or later.
 */
export interface EarlyInputSource {
  shown: EarlyInput | null;
  take: () => EarlyInput | null;
}

/** Ends the capture (from here on React handles every event) and returns what was made before, if anything. */
export function stopEarlyCapture(win: Window): EarlyCapture {
  const capture = win.__funnelEarlyInput;
  delete win.__funnelEarlyInput;
  const taken = capture?.stop();
  const form = capture?.heldForm?.();
  return {
    input: isEarlyInput(taken) ? taken : null,
    form: form instanceof HTMLFormElement ? form : null,
    replayEdits: () => capture?.replayEdits?.(),
  };
}

/** Sends again, through the page's own handler, a form sent before the page was live (if still shown). */
function sendHeldForm(form: HTMLFormElement | null): void {
  if (form?.isConnected) form.requestSubmit();
}

/**
 * Once React handles the page: the fields edited before it was live are edited again, then the form sent
 * before is sent again, each through the page's own handlers.
 */
export function handOverEarlyInput({ form, replayEdits }: EarlyCapture): void {
  replayEdits();
  sendHeldForm(form);
}
