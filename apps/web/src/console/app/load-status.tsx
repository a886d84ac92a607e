import { consoleErrorMessage } from '../api/console-errors';

/** What a screen shows while its data loads, or when it could not. */
export function LoadStatus(props: { state: 'loading' | 'failed'; error?: unknown; onRetry?: () => void }) {
  if (props.state === 'loading') {
    return (
      <p className="console-muted" role="status">
        Loading…
      </p>
    );
  }
  return (
    <div className="console-alert" role="alert">
      <p>{consoleErrorMessage(props.error)}</p>
      {props.onRetry && (
        <button type="button" className="console-button" onClick={props.onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** What an action (a retry, a replay…) tells the operator. */
export type ActionNote = { kind: 'ok' | 'error'; text: string } | null;

/** The outcome of an action: a message for the operator. */
export function ActionMessage(props: { message: ActionNote }) {
  if (!props.message) return null;
  return (
    <p
      className={props.message.kind === 'ok' ? 'console-ok' : 'console-alert'}
      role={props.message.kind === 'ok' ? 'status' : 'alert'}
    >
      {props.message.text}
    </p>
  );
}
