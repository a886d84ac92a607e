/**
 * Issue 10 "a full walk at most 1.3× the floor's taps" (ADR 0012, fourth and seventh passes): a tap whose
 * next step is already built (step-view.tsx renders the steps ahead, kept: laid out, not shown) shows that
 * step in the tap's own frame by doing to the two panes what React's render will do — the step reached
 * loses `step--kept` and `inert` and takes the forward motion; the step left is put out of sight
 * (`step--left`), and React's render keeps it (`step--kept`, inert) — and React renders the new state once
 * that frame is painted. React then finds the panes as it would have left them, so its commit changes
 * nothing the visitor sees (the progress bar moves one frame later).
 *
 * The last step's tap does the same with the submit's overlay (revealSubmitOverlay).
 *
 * Only one reveal is ever ahead of React: anything else that changes the survey (an answer, Back, the
 * browser's history) and any input of the visitor settle it first (settleReveal), so React never commits
 * over a reveal it has not seen, and never takes the visitor's input in a pane it believes hidden.
 */
import { flushSync } from 'react-dom';
import { afterPaint } from '../app/after-paint';
import { SUBMIT_OVERLAY_ID } from './loading-overlay';

/** The class of a step entered forward (styles.css slides it in); step-view.tsx sets it too. */
export const FORWARD_MOTION = 'step--forward';

/** The class of a pane kept, laid out but not shown (global.css); step-view.tsx sets it too. */
export const KEPT = 'step--kept';

/** The class of the pane a tap left, out of sight until React's render keeps it (global.css). */
const LEFT = 'step--left';

function paneOf(stepId: string): HTMLElement | null {
  for (const pane of document.querySelectorAll<HTMLElement>('section[data-step]')) {
    if (pane.dataset.step === stepId) return pane;
  }
  return null;
}

let pending: { render: () => void; cancel: () => void } | null = null;

/**
 * The visitor's input that settles a reveal before the page sees it. React treats a pane it has not shown
 * yet as hidden, and defers what happens in it (a field typed in would keep its old value until the browser
 * is idle): any press, key, focus or input first renders the reveal, in the capture phase at the window,
 * ahead of React's own listeners.
 */
const INPUT_EVENTS = ['pointerdown', 'mousedown', 'touchstart', 'click', 'keydown', 'focusin', 'beforeinput', 'input'];

function listen(on: boolean): void {
  for (const type of INPUT_EVENTS) {
    if (on) window.addEventListener(type, settleReveal, { capture: true });
    else window.removeEventListener(type, settleReveal, { capture: true });
  }
}

/** Renders the reveal still waiting for its frame now, if there is one. */
export function settleReveal(): void {
  const reveal = pending;
  if (!reveal) return;
  pending = null;
  listen(false);
  reveal.cancel();
  flushSync(reveal.render);
}

/**
 * Shows the built pane of `to` in place of the pane of `from` and schedules `render` (React's state for the
 * move) after the paint. False, and nothing done, when either pane is not in the page as expected (the
 * step ahead not built yet): the caller then renders the move itself, in the tap.
 */
export function revealBuiltStep(from: string, to: string, render: () => void): boolean {
  settleReveal();
  const shown = paneOf(from);
  const next = paneOf(to);
  if (!shown || !next || shown === next || !next.classList.contains(KEPT) || shown.classList.contains(KEPT)) {
    return false;
  }
  // The step left is only put out of sight here (LEFT); React's render after the paint keeps it (KEPT,
  // inert). Both of those change what its content inherits, so every node of it would be styled again in
  // this frame (a date step's selects: ~200 nodes, 5–10 ms at 4x slowdown); LEFT changes nothing inherited.
  shown.classList.remove(FORWARD_MOTION, 'step--back');
  shown.classList.add(LEFT);
  next.classList.remove(KEPT);
  next.classList.add(FORWARD_MOTION);
  next.inert = false;
  holdRender(render);
  return true;
}

/**
 * The last step's tap: shows the submit's overlay (always in the page, hidden: loading-overlay.tsx) and
 * schedules `render`, which renders it shown, after the paint. False, and nothing done, when the overlay
 * is not in the page or already shown: the caller then renders the submit itself, in the tap.
 */
export function revealSubmitOverlay(render: () => void): boolean {
  settleReveal();
  const overlay = document.getElementById(SUBMIT_OVERLAY_ID);
  if (!overlay?.hidden) return false;
  overlay.hidden = false;
  holdRender(render);
  return true;
}

/** Renders `render` once the frame showing what was revealed is painted, or at the visitor's next input. */
function holdRender(render: () => void): void {
  const cancel = afterPaint(settleReveal);
  pending = { render, cancel };
  listen(true);
}
