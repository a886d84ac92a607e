/**
 * Quarantine (issue 16): bodies the intake refused, with the errors it gave; the operator fixes one (its
 * JSON) and replays it through the intake's own checks, or discards it. The body is shown as text.
 */
import { QuarantineListSchema, ReplayedSchema, type QuarantinedBody, type ReplayBodySchema } from '@app/funnel';
import { useState } from 'react';
import type { z } from 'zod';
import { getJson, postNoContent, sendJson } from '../api/console-client';
import { consoleErrorMessage, failureNote, fieldProblems } from '../api/console-errors';
import { parseJsonText } from '../app/json-text';
import { useAction } from '../app/use-action';
import { ConsoleLink } from '../app/console-link';
import { navigate, useConsoleLocation } from '../app/console-router';
import { formatTime } from '../app/format';
import { ActionMessage, LoadStatus, type ActionNote } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';

type Message = ActionNote;
const STATUSES = ['open', 'replayed', 'discarded'] as const;

function QuarantinedEntry(props: { entry: QuarantinedBody; onChanged: (message: Message) => void }) {
  const { entry } = props;
  const [text, setText] = useState(() =>
    typeof entry.body === 'string' ? entry.body : JSON.stringify(entry.body, null, 2),
  );
  const [problems, setProblems] = useState<{ field: string; message: string }[]>([]);
  const { busy, run } = useAction();
  const path = `/quarantine/${encodeURIComponent(entry.id)}`;

  const replay = () => {
    const parsed = parseJsonText(text);
    if (!parsed.ok) {
      setProblems([{ field: 'body', message: parsed.problem }]);
      return;
    }
    const input: z.input<typeof ReplayBodySchema> = { body: parsed.value };
    run(
      () => sendJson('POST', `${path}/replay`, input, ReplayedSchema),
      (answer) => props.onChanged({ kind: 'ok', text: `Replayed: stored as lead ${answer.lead_id}.` }),
      (error) => {
        const fields = fieldProblems(error);
        setProblems(fields.length > 0 ? fields : [{ field: 'replay', message: consoleErrorMessage(error) }]);
      },
    );
  };
  const discard = () =>
    run(
      () => postNoContent(`${path}/discard`),
      () => props.onChanged({ kind: 'ok', text: 'Discarded.' }),
      (error) => props.onChanged(failureNote(error)),
    );

  const open = entry.status === 'open';
  return (
    <article className="console-card" data-quarantined={entry.id}>
      <h2>
        {entry.endpoint} · {formatTime(entry.receivedAt)}
      </h2>
      <p className="console-muted">
        {entry.bodyBytes} bytes{entry.truncated ? ' (cut)' : ''} · IP {entry.ipAddress} · {entry.userAgent}
      </p>
      {entry.leadId && (
        <p>
          Stored as <ConsoleLink to={`/leads/${encodeURIComponent(entry.leadId)}`}>lead {entry.leadId}</ConsoleLink>
        </p>
      )}
      <h3>Errors</h3>
      <ul className="console-errors" data-testid="quarantine-errors">
        {entry.errors.map((problem, index) => (
          <li key={`${problem.field}-${index}`}>
            <code>{problem.field}</code>: {problem.message}
          </li>
        ))}
      </ul>
      {open ? (
        <>
          <label className="console-field">
            <span>Body (fix it, then replay)</span>
            <textarea
              name="body"
              rows={14}
              spellCheck={false}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={problems.length > 0}
            />
          </label>
          {problems.length > 0 && (
            <ul className="console-alert" role="alert">
              {problems.map((problem, index) => (
                <li key={`${problem.field}-${index}`}>
                  <code>{problem.field}</code>: {problem.message}
                </li>
              ))}
            </ul>
          )}
          <div className="console-filter-actions">
            <button type="button" className="console-button" onClick={replay} disabled={busy}>
              Replay
            </button>
            <button type="button" className="console-button console-button-quiet" onClick={discard} disabled={busy}>
              Discard
            </button>
          </div>
        </>
      ) : (
        <pre className="console-pre console-code">{text}</pre>
      )}
    </article>
  );
}

export default function QuarantineScreen() {
  const { search } = useConsoleLocation();
  const wanted = search.get('status');
  const status = STATUSES.find((s) => s === wanted) ?? 'open';
  const list = useConsoleData(() => getJson(`/quarantine?status=${status}`, QuarantineListSchema), status);
  const [message, setMessage] = useState<Message>(null);
  const changed = (next: Message) => {
    setMessage(next);
    list.reload();
  };
  return (
    <section className="console-screen" aria-labelledby="quarantine-title">
      <h1 id="quarantine-title">Quarantine</h1>
      <p className="console-muted">Bodies the intake refused, kept with their errors. Nothing sent is lost.</p>
      <div className="console-tabs" role="group" aria-label="Status">
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className="console-button console-button-quiet"
            aria-pressed={s === status}
            onClick={() => navigate(`/quarantine${s === 'open' ? '' : `?status=${s}`}`)}
          >
            {s}
          </button>
        ))}
      </div>
      <ActionMessage message={message} />
      {list.state !== 'ready' ? (
        <LoadStatus state={list.state} error={list.error} onRetry={list.reload} />
      ) : list.data.bodies.length === 0 ? (
        <p className="console-muted">Nothing {status}.</p>
      ) : (
        list.data.bodies.map((entry) => <QuarantinedEntry key={entry.id} entry={entry} onChanged={changed} />)
      )}
    </section>
  );
}
