/**
 * The capture script the server inlines in every page's head (issue 10), allowed by its hash in the
 * Content-Security-Policy (the server computes it from this text). It runs before the page is parsed,
 * keeps the first answer tapped (or form sent) before the app is live, shows the tapped option as chosen,
 * and stops a form from being sent the old way; a form outside the survey's steps is held, to be sent again
 * once the page is live. It also notes each field edited before then (typed in, chosen, ticked), and
 * `replayEdits()` makes those edits again once React handles the page (see there). `stop()` undoes its mark
 * on the page, so React hydrates exactly the server's HTML, and hands the input over (app/early-input.ts).
 *
 * Written as a function and inlined as its source (early-input-script.ts): it must use nothing from outside
 * its own body.
 */
export function captureEarlyInput(): void {
  let taken: { step: string; input: Record<string, string> } | null = null;
  let marked: Element | null = null;
  // A form outside a survey step (the landing's, the opt-out's), sent before the app is live: sent again
  // by the entry once React handles it (its own handler decides: go on, or show what is missing).
  let held: HTMLFormElement | null = null;
  // The fields edited, last edited last.
  const edited: (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] = [];
  const stepOf = (element: Element) => element.closest('[data-step]')?.getAttribute('data-step') ?? null;

  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-option]') : null;
    if (!button) return;
    event.preventDefault();
    const step = stepOf(button);
    const option = button.getAttribute('data-option');
    if (taken || step === null || option === null) return;
    taken = { step, input: { option } };
    button.classList.add('choice--chosen');
    marked = button;
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

  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
  window.__funnelEarlyInput = {
    stop() {
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
