/**
 * The capture script the server inlines in every page's head (issue 10), allowed by its hash in the
 * Content-Security-Policy (the server computes it from this text). It runs before the page is parsed,
 * keeps the first answer tapped (or form sent) before the app is live, shows the tapped option as chosen,
 * and stops a form from being sent the old way; a form outside the survey's steps is held, to be sent again
 * once the page is live. It also notes each field edited before then (typed in, chosen, ticked), and
 * `replayEdits()` makes those edits again once React handles the page (see there). `peek()` tells what was
 * taken so far; `stop()`, called when React commits the page (issue 33: the capture lasts through the
 * hydration, which runs in slices), undoes its mark on the option and hands the input over
 * (app/early-input.ts).
 *
 * Issue 33 "the first transition needs no app": a tap on an option of the survey's first step shows the
 * step it leads to at once, as the app's own tap does (survey/reveal-built-step.ts): the server's HTML holds
 * that step, kept (survey/step-view.tsx), and names which step each option leads to and its progress
 * (survey/first-tap-reveals.ts). The step left takes the kept class and aria-hidden, the step reached loses
 * them and takes the forward motion, the progress bar (and the stepped markers) move; `inert` stays React's
 * to change. The reveal is not undone: the app hydrates, showing that progress, and answers the same
 * option, which renders what is on screen already (survey/use-survey.ts), with the history entry.
 *
 * Written as a function and inlined as its source (early-input-script.ts): it must use nothing from outside
 * its own body but `marks`, the page's classes and ids (survey/pane-classes.ts), handed in as JSON.
 */
import type { RevealMarks } from '../survey/pane-classes';

export function captureEarlyInput(marks: RevealMarks): void {
  let taken: { step: string; input: Record<string, string>; at?: number; revealed?: string } | null = null;
  let marked: Element | null = null;
  // A form outside a survey step (the landing's, the opt-out's), sent before the app is live: sent again
  // by the entry once React handles it (its own handler decides: go on, or show what is missing).
  let held: HTMLFormElement | null = null;
  // The fields edited, last edited last.
  const edited: (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] = [];
  const stepOf = (element: Element) => element.closest('[data-step]')?.getAttribute('data-step') ?? null;

  /** Shows the step `option` of `step` leads to, if the page names it and holds it kept; its id, else null. */
  const reveal = (step: string, option: string): string | null => {
    let data: unknown = null;
    try {
      data = JSON.parse(document.getElementById(marks.reveals)?.textContent ?? 'null');
    } catch {
      return null;
    }
    if (typeof data !== 'object' || data === null || !('step' in data) || data.step !== step || !('options' in data))
      return null;
    const options = data.options;
    const target: unknown =
      typeof options === 'object' && options ? new Map(Object.entries(options)).get(option) : null;
    if (typeof target !== 'object' || target === null || !('to' in target) || !('progress' in target)) return null;
    const { to, progress } = target;
    let from: Element | null = null;
    let next: Element | null = null;
    for (const pane of document.querySelectorAll('section[data-step]')) {
      const id = pane.getAttribute('data-step');
      if (id === step) from = pane;
      if (id === to) next = pane;
    }
    if (
      !from ||
      !next ||
      typeof to !== 'string' ||
      typeof progress !== 'number' ||
      !next.classList.contains(marks.kept)
    )
      return null;
    from.classList.add(marks.kept);
    from.setAttribute('aria-hidden', 'true');
    next.classList.remove(marks.kept);
    next.classList.add(marks.forward);
    next.removeAttribute('aria-hidden');
    const bar = document.querySelector('progress');
    if (bar) bar.value = progress;
    const percent = document.querySelector(`[${marks.percent}]`)?.firstChild;
    if (percent) percent.nodeValue = String(progress);
    for (const marker of document.querySelectorAll('[data-step-marker]')) {
      const id = marker.getAttribute('data-step-marker');
      if (id === step) {
        marker.classList.replace(marks.markerActive, marks.markerDone);
        marker.removeAttribute('aria-current');
      } else if (id === to) {
        marker.classList.add(marks.markerActive);
        marker.setAttribute('aria-current', 'step');
      }
    }
    return to;
  };

  /** A survey step's option, the target of `event` or its parent; else null. */
  const optionOf = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-option]') : null;
    return button && stepOf(button) !== null ? button : null;
  };

  // Issue 33 (INP): while the page is not live, a tap on an option is this script's alone. React hydrates
  // in slices (entry-client.tsx) and listens from the start of it; a press it saw on the page it has not
  // hydrated yet would make it hydrate the whole page at once, in that press's handler (~90-360 ms at 4x
  // CPU). Each event of the press stops here, at the document, before React's root sees it.
  const onPress = (event: Event) => {
    if (optionOf(event)) event.stopPropagation();
  };

  const onClick = (event: Event) => {
    const button = optionOf(event);
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    const step = stepOf(button);
    const option = button.getAttribute('data-option');
    if (taken || step === null || option === null) return;
    button.classList.add('choice--chosen');
    marked = button;
    taken = { step, input: { option }, at: performance.now() };
    const revealed = reveal(step, option);
    if (revealed !== null) taken.revealed = revealed;
  };

  const onSubmit = (event: Event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form) return;
    event.preventDefault();
    const step = stepOf(form);
    if (step === null) {
      if (!held) held = form;
      return;
    }
    if (taken) return;
    const input: Record<string, string> = {};
    new FormData(form).forEach((value, key) => {
      if (typeof value === 'string') input[key] = value;
    });
    taken = { step, input };
  };

  const onEdit = (event: Event) => {
    const field = event.target;
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    ))
      return;
    const at = edited.indexOf(field);
    if (at !== -1) edited.splice(at, 1);
    edited.push(field);
  };

  const presses = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'touchstart', 'touchend'];
  for (const type of presses) document.addEventListener(type, onPress, { capture: true, passive: true });
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
  window.__funnelEarlyInput = {
    peek() {
      return taken;
    },
    stop() {
      for (const type of presses) document.removeEventListener(type, onPress, true);
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('input', onEdit, true);
      document.removeEventListener('change', onEdit, true);
      marked?.classList.remove('choice--chosen');
      return taken;
    },
    heldForm() {
      return held;
    },
    // React hydrates the server's HTML and leaves what the page shows, so a field edited before then still
    // reads what was typed; but a controlled field's state never saw it, and React's next render of it (any
    // other change of the form) puts it back to its state, so a send finds it empty (the opt-out form did
    // both). Each edit is made again as the browser makes it, so the page's own handlers take it (a mask, a
    // state, the fields a choice reveals); a page that reads the form itself sees no change. What each field
    // shows is read first, for all of them: the render one field's handler causes puts every other
    // controlled field back to its state. React notices a change by comparing a field's value with the one
    // it last saw (its tracker wraps the field's own `value` and `checked`): the field is set through that
    // wrapper to another value, then back through its prototype, which React does not see, and the event
    // React listens to is sent: `input` for a text, `click` for a box or a choice, `change` for a list.
    replayEdits() {
      const shown = edited
        // Not a field gone, nor one in a pane put away (a survey step answered already).
        .filter((field) => field.isConnected && !field.closest('[inert]'))
        .map((field) => ({ field, value: field.value, ticked: 'checked' in field && field.checked }));
      for (const { field, value, ticked } of shown) {
        if (field instanceof HTMLSelectElement) {
          field.value = value;
          field.dispatchEvent(new Event('change', { bubbles: true }));
        } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
          // A choice left for another of its group is made again by that one.
          if (field.type === 'checkbox' || ticked) {
            field.checked = !ticked;
            field.click();
          }
        } else if (field.type !== 'file') {
          field.value = value === '' ? ' ' : '';
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }
    },
  };
}
