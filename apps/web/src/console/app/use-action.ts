/**
 * An operator's action (a retry, a replay, a decision): busy while the call runs, so a second click
 * cannot send it twice, then what it answered or the error it failed with.
 */
import { useCallback, useState } from 'react';

export function useAction(): {
  busy: boolean;
  run: <T>(call: () => Promise<T>, done: (value: T) => void, failed: (error: unknown) => void) => void;
} {
  const [busy, setBusy] = useState(false);
  const run = useCallback(<T>(call: () => Promise<T>, done: (value: T) => void, failed: (error: unknown) => void) => {
    setBusy(true);
    call().then(
      (value) => {
        setBusy(false);
        done(value);
      },
      (error: unknown) => {
        setBusy(false);
        failed(error);
      },
    );
  }, []);
  return { busy, run };
}
