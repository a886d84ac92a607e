import { stepById, SUBMIT, type FlowDefinition, type Language, type StepDefinition } from '@app/funnel';
import { startTransition, useEffect, useState } from 'react';
import { catalogModule, formsModule } from '../app/lazy-modules';
import type { Catalog } from '../i18n/catalog';
import { afterPaint } from '../app/after-paint';

/**
 * Whether the step on screen may lead to a form step or to the submit (ask the flow): then the forms chunk
 * is wanted for the next tap, not whenever the browser is idle.
 */
export function formAhead(flow: FlowDefinition, current: StepDefinition): boolean {
  return current.targets.some((id) => id === SUBMIT || stepById(flow, id).screen.kind !== 'choice');
}

/** The language's whole catalog once it and the form screens are both in, else null. */
function formsCatalog(language: Language): Catalog | null {
  return formsModule().loaded() ? (catalogModule(language).loaded() ?? null) : null;
}

/**
 * The form screens' chunk and the language's whole catalog (issue 10: never before the first answer unless
 * that answer needs them, app/load-page.ts), and a re-render once they are in, so the form steps ahead can
 * be rendered too. Fetched as soon as the step on screen may lead to a form (the visitor reads while they
 * download; the download does not hold the main thread), else when the browser is idle.
 */
export function useFormsLoaded(soon: boolean, language: Language): Catalog | null {
  const [catalog, setCatalog] = useState(() => formsCatalog(language));
  const loaded = catalog !== null;
  useEffect(() => {
    if (loaded) return;
    let live = true;
    // The re-render that builds the form steps ahead is a transition (issue 33 item 3): React renders it
    // in slices and puts a tap first, so a tap never waits behind it.
    const load = () =>
      void Promise.all([formsModule().load(), catalogModule(language).load()]).then(([, whole]) => {
        if (live) startTransition(() => setCatalog(whole));
      });
    // Soon: once this frame is painted, so the step just shown is on screen before the request starts.
    const cancelSoon = soon ? afterPaint(load) : undefined;
    const idle =
      !soon && 'requestIdleCallback' in window ? window.requestIdleCallback(load, { timeout: 2000 }) : undefined;
    const timer = !soon && idle === undefined ? setTimeout(load, 200) : undefined;
    return () => {
      live = false;
      cancelSoon?.();
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [loaded, soon, language]);
  return catalog;
}
