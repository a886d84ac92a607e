import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Runs `onCommit` once, in React's first commit of the page (a layout effect: no event comes between the
 * commit and it), then `onLive` once, after that commit: the server's HTML is hydrated and every handler is
 * in place. Renders its children only (no node), so the hydrated HTML is the server's.
 */
export function WhenLive({
  onCommit,
  onLive,
  children,
}: {
  onCommit?: () => void;
  onLive: () => void;
  children: ReactNode;
}) {
  const committed = useRef(false);
  const done = useRef(false);
  useLayoutEffect(() => {
    if (committed.current) return;
    committed.current = true;
    onCommit?.();
  }, [onCommit]);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onLive();
  }, [onLive]);
  return children;
}
