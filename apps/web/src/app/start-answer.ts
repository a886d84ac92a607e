/**
 * The landing page's form opens the survey with its first question answered (issue 12): `?start=car`.
 * The survey takes it as it takes a tap made before the page was live (app/early-input.ts): an answer to
 * the flow's first step, checked by the flow like any other, so a value the step does not offer does
 * nothing. The parameter is taken out of the address before the survey reads its tracking.
 */
import type { EarlyInput } from './early-input';

export const START_PARAM = 'start';

export function takeStartAnswer(win: Window, firstStep: string): EarlyInput | null {
  const url = new URL(win.location.href);
  const option = url.searchParams.get(START_PARAM);
  if (option === null) return null;
  url.searchParams.delete(START_PARAM);
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
  return option === '' ? null : { step: firstStep, input: { option } };
}
