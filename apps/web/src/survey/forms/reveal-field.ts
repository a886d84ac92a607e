/**
 * Issue 11: after a refused submit, the first invalid field is brought into view and focused, so a
 * visitor (and a screen reader) lands on what to fix instead of staying on the button at the bottom.
 * §5's opt-out rule, applied to every form: the field sits 100 px below the top of the window, clear of
 * the header.
 */
export const FIRST_ERROR_OFFSET_PX = 100;

export function revealFirstInvalid(form: HTMLFormElement): void {
  const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const top = field.getBoundingClientRect().top + window.scrollY - FIRST_ERROR_OFFSET_PX;
  window.scrollTo({ top: Math.max(0, top), behavior: reduced ? 'auto' : 'smooth' });
  field.focus({ preventScroll: true });
}
