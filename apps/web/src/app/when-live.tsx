import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Runs `onLive` once, after React's first commit of the page: the server's HTML is hydrated and every
 * handler is in place. Renders its children only (no node), so the hydrated HTML is the server's.
 */
export function WhenLive({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onLive();
  }, [onLive]);
  return children;
}
