/** Sign-in (issue 16): email and password; the answer's error is said by its code. */
import { SignedInSchema, SignInBodySchema } from '@app/funnel';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { sendJson } from '../api/console-client';
import { consoleErrorMessage } from '../api/console-errors';
import { formText } from '../app/form-text';
import { useAction } from '../app/use-action';

export default function SignInScreen(props: { onSignedIn: (email: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: z.input<typeof SignInBodySchema> = {
      email: formText(form, 'email'),
      password: formText(form, 'password'),
    };
    const checked = SignInBodySchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues.map((issue) => issue.message).join('. '));
      return;
    }
    setError(null);
    run(
      () => sendJson('POST', '/sign-in', body, SignedInSchema),
      (me) => props.onSignedIn(me.email),
      (failure) => setError(consoleErrorMessage(failure)),
    );
  };

  return (
    <main className="console-sign-in">
      <form className="console-card" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to the console</h1>
        <label className="console-field">
          <span>Email</span>
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className="console-field">
          <span>Password</span>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p className="console-alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="console-button" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
