import type { ReactNode } from 'react';
import { consoleHref, followLink } from './console-router';

/** A link to a console screen (a real href: opens in a new tab with a modifier key). */
export function ConsoleLink(props: { to: string; children: ReactNode; className?: string; current?: boolean }) {
  return (
    <a
      href={consoleHref(props.to)}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => followLink(event, props.to)}
    >
      {props.children}
    </a>
  );
}
