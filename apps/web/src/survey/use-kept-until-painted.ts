/**
 * Issue 10 "every step transition at most 85 ms": a step no longer kept (two behind, or a branch not
 * taken) is torn down after the frame that shows the next step, not in it. Removing its nodes and running
 * its effects' clean-ups took 1–4 ms of a choice's tap on a desktop (four times that on the bench's phone).
 */
import { useEffect, useState } from 'react';
import { afterPaint } from '../app/after-paint';

interface Kept {
  /** The ids wanted at the last render, joined: a change of them is a change of this string. */
  wanted: string;
  /** Ids rendered before and no longer wanted: kept, hidden, until the next frame is painted. */
  lingering: readonly string[];
}

/** The ids to render: those wanted now and, until the next paint, those wanted before. */
export function useKeptUntilPainted(wanted: readonly string[]): readonly string[] {
  const key = wanted.join(' ');
  const [kept, setKept] = useState<Kept>({ wanted: key, lingering: [] });
  let current = kept;
  if (kept.wanted !== key) {
    // Derived from the previous render (React's pattern for it: a state set while rendering).
    const before = kept.wanted === '' ? [] : kept.wanted.split(' ');
    const lingering = [...new Set([...kept.lingering, ...before])].filter((id) => !wanted.includes(id));
    current = { wanted: key, lingering };
    setKept(current);
  }
  const { lingering } = current;
  useEffect(() => {
    if (lingering.length === 0) return;
    return afterPaint(() => setKept((now) => (now.lingering.length === 0 ? now : { ...now, lingering: [] })));
  }, [lingering]);
  return lingering.length === 0 ? wanted : [...wanted, ...lingering];
}
