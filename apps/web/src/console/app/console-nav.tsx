/** The console's navigation: every screen, who is signed in, and sign-out. */
import { useState } from 'react';
import { postNoContent } from '../api/console-client';
import { consoleErrorMessage } from '../api/console-errors';
import { ConsoleLink } from './console-link';
import { useConsoleLocation } from './console-router';
import { CONSOLE_NAV } from './console-screens';

export function ConsoleNav(props: { email: string; onSignedOut: () => void }) {
  const { path } = useConsoleLocation();
  const [error, setError] = useState<string | null>(null);
  const signOut = () => {
    postNoContent('/sign-out').then(props.onSignedOut, (failure: unknown) => setError(consoleErrorMessage(failure)));
  };
  return (
    <header className="console-header">
      <a className="console-skip" href="#console-main">
        Skip to the screen
      </a>
      <div className="console-brand">Funnel console</div>
      <nav aria-label="Console">
        <ul className="console-nav">
          {CONSOLE_NAV.map((item) => (
            <li key={item.path}>
              <ConsoleLink to={item.path} current={path === item.path || path.startsWith(`${item.path}/`)}>
                {item.label}
              </ConsoleLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="console-account">
        <span className="console-muted">{props.email}</span>
        <button type="button" className="console-button console-button-quiet" onClick={signOut}>
          Sign out
        </button>
        {error && <span role="alert">{error}</span>}
      </div>
    </header>
  );
}
