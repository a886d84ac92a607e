/**
 * The operator console (issue 16): asks the server who is signed in, shows the sign-in screen until
 * someone is, then the navigation and the screen of the address. A 401 from any call (the session
 * ended) brings the sign-in screen back; signing in again returns to the same address.
 */
import { Suspense, useEffect, useState } from 'react';
import { SignedInSchema } from '@app/funnel';
import { ConsoleApiError, getJson, onSignedOut } from '../api/console-client';
import SignInScreen from '../sign-in/sign-in-screen';
import { ConsoleRoutes } from './console-routes';
import { ConsoleNav } from './console-nav';
import { LoadStatus } from './load-status';

type Session =
  | { state: 'checking' }
  | { state: 'signed-out' }
  | { state: 'signed-in'; email: string }
  | { state: 'failed'; error: unknown };

export function ConsoleApp() {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const [round, setRound] = useState(0);

  useEffect(() => onSignedOut(() => setSession({ state: 'signed-out' })), []);
  useEffect(() => {
    getJson('/me', SignedInSchema).then(
      (me) => setSession({ state: 'signed-in', email: me.email }),
      (error: unknown) =>
        setSession(
          error instanceof ConsoleApiError && error.code === 'unauthorized'
            ? { state: 'signed-out' }
            : { state: 'failed', error },
        ),
    );
  }, [round]);

  if (session.state === 'checking') return <LoadStatus state="loading" />;
  if (session.state === 'failed')
    return <LoadStatus state="failed" error={session.error} onRetry={() => setRound((n) => n + 1)} />;
  if (session.state === 'signed-out') {
    return <SignInScreen onSignedIn={(email) => setSession({ state: 'signed-in', email })} />;
  }
  return (
    <div className="console-layout">
      <ConsoleNav email={session.email} onSignedOut={() => setSession({ state: 'signed-out' })} />
      <main className="console-main" id="console-main">
        <Suspense fallback={<LoadStatus state="loading" />}>
          <ConsoleRoutes />
        </Suspense>
      </main>
    </div>
  );
}
