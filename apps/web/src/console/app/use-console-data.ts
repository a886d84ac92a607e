/**
 * Loads a screen's data through the API client: loading, the answer, or the error (with its stable code),
 * and a reload after an action (which keeps the answer on screen until the new one arrives). A new key
 * (other filters, another lead) shows loading at once; a newer load wins over an older one in flight.
 */
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

export type Loaded<T> =
  | { state: 'loading'; data?: undefined; error?: undefined }
  | { state: 'ready'; data: T; error?: undefined }
  | { state: 'failed'; data?: undefined; error: unknown };

type Held<T> = { key: string } & ({ state: 'ready'; data: T } | { state: 'failed'; error: unknown });

export function useConsoleData<T>(load: () => Promise<T>, key: string): Loaded<T> & { reload: () => void } {
  const [held, setHeld] = useState<Held<T> | null>(null);
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const run = useEffectEvent(load);

  useEffect(() => {
    const mine = ++latest.current;
    run().then(
      (data) => {
        if (mine === latest.current) setHeld({ key, state: 'ready', data });
      },
      (error: unknown) => {
        if (mine === latest.current) setHeld({ key, state: 'failed', error });
      },
    );
  }, [key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  if (!held || held.key !== key) return { state: 'loading', reload };
  return held.state === 'ready'
    ? { state: 'ready', data: held.data, reload }
    : { state: 'failed', error: held.error, reload };
}
