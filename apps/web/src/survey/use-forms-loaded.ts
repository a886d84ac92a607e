import { useEffect, useState } from 'react';
import { formsModule } from '../app/lazy-modules';

/**
 * The form screens' chunk, fetched once the page is live and the browser idle (issue 10: never before the
 * first answer unless that answer needs it, app/load-page.ts), and a re-render once it is in, so the form
 * steps ahead can be rendered too.
 */
export function useFormsLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => formsModule().loaded() !== undefined);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    const load = () =>
      void formsModule()
        .load()
        .then(() => live && setLoaded(true));
    const idle = 'requestIdleCallback' in window ? window.requestIdleCallback(load, { timeout: 2000 }) : undefined;
    const timer = idle === undefined ? setTimeout(load, 200) : undefined;
    return () => {
      live = false;
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [loaded]);
  return loaded;
}
