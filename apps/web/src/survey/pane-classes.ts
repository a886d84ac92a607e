/**
 * The classes a step's pane takes (global.css): React renders them (step-view.tsx), a tap's reveal sets
 * them ahead of React (reveal-built-step.ts), and so does the inline capture script on the first tap,
 * before the app is live (app/capture-early-input.ts, issue 33). Here alone, as the capture script is
 * built from this module with no other of the app's code.
 */

/** A pane kept, laid out but not shown. */
export const KEPT = 'step--kept';

/** A step entered forward (styles.css slides it in). */
export const FORWARD_MOTION = 'step--forward';

/** The id of the page's JSON element naming what each first answer leads to (first-tap-reveals.ts). */
export const FIRST_TAP_ID = 'first-tap';

/** The stepped progress's markers (stepped-progress.tsx): a step done, the current step. */
export const MARKER_DONE = 'progress-steps__step--done';
export const MARKER_ACTIVE = 'progress-steps__step--active';

/** The attribute of the progress bar's percentage (progress-bar.tsx), its number the first text in it. */
export const PERCENT_MARK = 'data-percent';

/** What the capture script needs of the page's marks (capture-early-input.ts). */
export const REVEAL_MARKS = {
  kept: KEPT,
  forward: FORWARD_MOTION,
  reveals: FIRST_TAP_ID,
  markerDone: MARKER_DONE,
  markerActive: MARKER_ACTIVE,
  percent: PERCENT_MARK,
};

export type RevealMarks = typeof REVEAL_MARKS;
