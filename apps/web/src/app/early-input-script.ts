/**
 * The capture script the server inlines in every page's head (issue 10), allowed by its hash in the
 * Content-Security-Policy (the server computes it from this text). It runs before the page is parsed,
 * keeps the first answer tapped (or form sent) before the app is live, shows the tapped option as chosen,
 * and stops a form from being sent the old way; a form outside the survey's steps is held, to be sent again
 * once the page is live. `stop()` undoes its mark on the page, so React hydrates
 * exactly the server's HTML, and hands the input over (app/early-input.ts).
 *
 * Written as a function and inlined as its source: it must use nothing from outside its own body.
 */
function captureEarlyInput(): void {
  let taken: { step: string; input: Record<string, string> } | null = null;
  let marked: Element | null = null;
  // A form outside a survey step (the landing's, the opt-out's), sent before the app is live: sent again
  // by the entry once React handles it (its own handler decides: go on, or show what is missing).
  let held: HTMLFormElement | null = null;
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

  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  window.__funnelEarlyInput = {
    stop() {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      marked?.classList.remove('choice--chosen');
      return taken;
    },
    heldForm() {
      return held;
    },
  };
}

export const EARLY_INPUT_SCRIPT = `(${captureEarlyInput.toString()})();`;
