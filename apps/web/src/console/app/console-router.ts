/**
 * The console's addresses (issue 16): /console/leads, /console/leads/ID, … kept in the browser's history
 * so that Back, reload and a shared link open the same screen. A few lines over the History API: the
 * console needs paths and query strings, nothing a router library would add (docs/adr/0020).
 */
import { useSyncExternalStore, type MouseEvent } from 'react';

export const CONSOLE_BASE = '/console';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const snapshot = () => `${window.location.pathname}${window.location.search}`;

export interface ConsoleLocation {
  /** The path under /console ('/leads', '/leads/abc', '/'). */
  path: string;
  search: URLSearchParams;
}

function parseLocation(href: string): ConsoleLocation {
  const url = new URL(href, window.location.origin);
  const rest = url.pathname.slice(CONSOLE_BASE.length).replace(/\/+$/, '');
  return { path: rest === '' ? '/' : rest, search: url.searchParams };
}

/** The current console location; re-renders on navigation. */
export function useConsoleLocation(): ConsoleLocation {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return parseLocation(href);
}

/** Goes to a console path ('/leads?state=TX'); `replace` keeps the history entry (filters typed in). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const href = `${CONSOLE_BASE}${to === '/' ? '' : to}`;
  if (href === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', href);
  else window.history.pushState(null, '', href);
  for (const listener of listeners) listener();
  if (!options.replace) window.scrollTo(0, 0);
}

/** A link's click handler: a plain click navigates here; with a modifier key the browser opens a tab. */
export function followLink(event: MouseEvent<HTMLAnchorElement>, to: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(to);
}

export function consoleHref(to: string): string {
  return `${CONSOLE_BASE}${to === '/' ? '' : to}`;
}
