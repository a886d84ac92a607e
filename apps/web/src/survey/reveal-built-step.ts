/**
 * Issue 10 "a full walk at most 1.3× the floor's taps" (ADR 0012, fourth, seventh and eleventh passes): a
 * tap whose next step is already built (step-view.tsx renders the steps ahead, kept: laid out, not shown)
 * shows that step in the tap's own frame by doing to the two panes what React's render will do with their
 * look — the step reached loses `step--kept` and `aria-hidden` and takes the forward motion; the step left
 * takes `step--kept` and `aria-hidden` — and React renders the new state once that frame is painted. React
 * then finds the panes as it would have left them, so its commit changes nothing the visitor sees (the
 * progress bar moves one frame later). `inert` is React's to change, after the paint: it is inherited, so
 * changing it in the tap would have the browser style every node of both panes again in the tap's frame
 * (a form's most of all); until then the step shown takes no input, which no visitor can give in the one
 * frame, and any input first renders the move (settleReveal).
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
import { FORWARD_MOTION, KEPT } from './pane-classes';

function paneOf(stepId: string): HTMLElement | null {
  for (const pane of document.querySelectorAll<HTMLElement>('section[data-step]')) {
    if (pane.dataset.step === stepId) return pane;
  }
  return null;
}

let pending: { render: () => void; cancel: () => void } | null = null;

/**
 * The visitor's input that settles a reveal before the page sees it: the step shown is still inert and, to
 * React, still kept, until React renders the move. Any press, key, focus, input, change or submit first
 * renders the reveal, in the capture phase at the window, ahead of React's own listeners.
 */
const INPUT_EVENTS = [
  'pointerdown',
  'mousedown',
  'touchstart',
  'click',
  'keydown',
  'focusin',
  'beforeinput',
  'input',
  'change',
  'submit',
];

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
  if (!shown || !next || shown === next) return false;
  // Issue 33: shown already by the capture script, on a tap before the page was live: React renders it.
  if (shown.classList.contains(KEPT) && !next.classList.contains(KEPT)) {
    holdRender(render);
    return true;
  }
  if (!next.classList.contains(KEPT) || shown.classList.contains(KEPT)) return false;
  // Only what the panes' content does not inherit changes here (global.css); inert follows in React's render.
  shown.classList.remove(FORWARD_MOTION, 'step--back');
  shown.classList.add(KEPT);
  shown.setAttribute('aria-hidden', 'true');
  next.classList.remove(KEPT);
  next.classList.add(FORWARD_MOTION);
  next.removeAttribute('aria-hidden');
  holdRender(render);
  return true;
}

/**
 * Issue 33: the step the capture script showed on a tap before the page was live, when the survey's answer
 * to that tap did not reach it (app/capture-early-input.ts): put back kept, and the survey's current step
 * shown, as React has them.
 */
export function undoEarlyReveal(revealed: string, current: string): void {
  const early = paneOf(revealed);
  const shown = paneOf(current);
  if (early && early !== shown) {
    early.classList.remove(FORWARD_MOTION);
    early.classList.add(KEPT);
    early.setAttribute('aria-hidden', 'true');
  }
  shown?.classList.remove(KEPT);
  shown?.removeAttribute('aria-hidden');
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
