/** Loads data for a key; a newer key's answer wins over an older one still in flight. */
import { useEffect, useState } from 'react';

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown };

export function useLoaded<T>(load: () => Promise<T>, key: string): [Loaded<T>, () => void] {
  const [held, setHeld] = useState<{ key: string; loaded: Loaded<T> } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setHeld({ key, loaded: { state: 'ready', data } }),
      (error: unknown) => live && setHeld({ key, loaded: { state: 'failed', error } }),
    );
    return () => {
      live = false;
    };
    // The key names everything the load reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const loaded: Loaded<T> = held && held.key === key ? held.loaded : { state: 'loading' };
  return [loaded, () => setRound((n) => n + 1)];
}
