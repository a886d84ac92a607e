/**
 * Issue 11: each step of the survey is an entry in the browser's history, at the same URL (its query, the
 * ad's tracking, kept), so the browser's Back and Forward move between questions with the answers kept,
 * and Back on the first question leaves the page as it would any other. An entry names the survey (the
 * lead id) and the steps shown up to it.
 */
import { afterPaint } from '../app/after-paint';

const KEY = 'funnelStep';

export interface StepEntry {
  lead: string;
  path: readonly string[];
  /** The entry the page opened (or resumed) on: the entry before it is not this survey's previous step. */
  opened: boolean;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The entry of this survey in a history state, or null when the state is another page's or none. */
export function readStepEntry(state: unknown, lead: string): StepEntry | null {
  if (typeof state !== 'object' || state === null || !(KEY in state)) return null;
  const entry: unknown = state[KEY];
  if (typeof entry !== 'object' || entry === null || !('lead' in entry) || !('path' in entry)) return null;
  if (entry.lead !== lead || !isStringArray(entry.path) || entry.path.length === 0) return null;
  return { lead, path: entry.path, opened: 'opened' in entry && entry.opened === true };
}

function stateOf(lead: string, path: readonly string[], opened: boolean): Record<string, StepEntry> {
  return { [KEY]: { lead, path: [...path], opened } };
}

/** The step the page opened on, resumed at, or went back to without the browser: this entry, not a new one. */
export function markStepEntry(history: History, lead: string, path: readonly string[]): void {
  history.replaceState(stateOf(lead, path, true), '');
}

/** A step reached by answering: a new entry (any entries ahead of this one are dropped, as the browser does). */
export function pushStepEntry(history: History, lead: string, path: readonly string[]): void {
  history.pushState(stateOf(lead, path, false), '');
}

let pendingPush: (() => void) | null = null;

/** Pushes the entry scheduled by pushStepEntryAfterPaint now, if it has not been pushed yet. */
export function flushStepEntry(): void {
  const push = pendingPush;
  pendingPush = null;
  push?.();
}

/**
 * Issue 10: pushState costs a few milliseconds of the main thread (more on a slow phone), so the entry of a
 * step reached by a tap is pushed once that step is painted, never in the tap's frame. Back (the page's
 * button) flushes it first, so the history never misses a step.
 */
export function pushStepEntryAfterPaint(history: History, lead: string, path: readonly string[]): void {
  flushStepEntry();
  pendingPush = () => pushStepEntry(history, lead, path);
  afterPaint(flushStepEntry);
}
