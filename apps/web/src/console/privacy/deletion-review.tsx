/**
 * Issue 29, finding 3: the review a deletion request needs before anything is deleted. It shows the
 * requester (name, address, how they want the answer, their agent), every lead holding the request's email
 * or phone with what it matched by and why it is or is not proposed, and which identifiers go on the
 * suppression list. Proposed leads start ticked, the others unticked; the button names the exact count, and
 * the server deletes exactly the leads ticked (process-privacy-request.ts).
 */
import {
  DeletionReviewSchema,
  PrivacyDecidedSchema,
  type DeletionReview,
  type PrivacyDecisionSchema,
} from '@app/funnel';
import { useState } from 'react';
import type { z } from 'zod';
import { getJson, sendJson } from '../api/console-client';
import { failureNote } from '../api/console-errors';
import { ConsoleLink } from '../app/console-link';
import { formatTime } from '../app/format';
import { LoadStatus, type ActionNote } from '../app/load-status';
import { useAction } from '../app/use-action';
import { useConsoleData } from '../app/use-console-data';

type Identifier = 'email' | 'phone';

/** Identifiers a ticked lead matched by; all of the request's when no lead matched (an opt-out still holds). */
function suggestedSuppression(review: DeletionReview, ticked: ReadonlySet<string>): Identifier[] {
  const chosen = review.leads.filter((lead) => ticked.has(lead.id));
  if (review.leads.length === 0) {
    return [
      ...(review.requester.email ? ['email' as const] : []),
      ...(review.requester.phone ? ['phone' as const] : []),
    ];
  }
  return (['email', 'phone'] as const).filter((id) => chosen.some((lead) => lead.matched_by.includes(id)));
}

function ReviewForm(props: { id: string; review: DeletionReview; onDone: (message: ActionNote) => void }) {
  const { review } = props;
  const [note, setNote] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(
    () => new Set(review.leads.filter((lead) => lead.proposed).map((lead) => lead.id)),
  );
  const [suppress, setSuppress] = useState<readonly Identifier[]>(() => suggestedSuppression(review, ticked));
  const { busy, run } = useAction();
  const toggle = (id: string) => {
    const next = new Set(ticked);
    if (!next.delete(id)) next.add(id);
    setTicked(next);
    setSuppress(suggestedSuppression(review, next));
  };
  const confirm = () => {
    const body: z.input<typeof PrivacyDecisionSchema> = {
      decision: 'complete',
      note,
      leads: [...ticked],
      suppress: [...suppress],
    };
    run(
      () => sendJson('POST', `/privacy-requests/${encodeURIComponent(props.id)}`, body, PrivacyDecidedSchema),
      (answer) =>
        props.onDone({
          kind: 'ok',
          text: `Completed: ${answer.anonymized.leads + answer.anonymized.ingestedLeads} lead(s) anonymized${answer.suppressed ? `, ${suppress.join(' and ')} suppressed` : ''}.`,
        }),
      (error) => props.onDone(failureNote(error)),
    );
  };
  const { requester } = review;
  return (
    <div className="console-review" data-testid="deletion-review">
      <dl className="console-review-requester">
        <dt>Requester</dt>
        <dd>{requester.name || '—'}</dd>
        <dt>Address</dt>
        <dd>{requester.address || '—'}</dd>
        <dt>Email, phone</dt>
        <dd>
          {requester.email || '—'}, {requester.phone || '—'}
        </dd>
        <dt>Answer by</dt>
        <dd>
          {[requester.reply.email && 'email', requester.reply.mail && 'mail'].filter(Boolean).join(' and ') || '—'}
        </dd>
        <dt>Agent</dt>
        <dd>
          {requester.agent ? `${requester.agent.name}, ${requester.agent.email}, ${requester.agent.phone}` : 'none'}
        </dd>
      </dl>
      {review.leads.length === 0 ? (
        <p className="console-muted">No stored lead holds this email or phone.</p>
      ) : (
        <fieldset className="console-review-leads">
          <legend>Leads to delete (ticked ones only)</legend>
          {review.leads.map((lead) => (
            <label key={lead.id} className="console-review-lead" data-review-lead={lead.id}>
              <input type="checkbox" checked={ticked.has(lead.id)} onChange={() => toggle(lead.id)} />
              <span>
                <strong>{lead.name || 'no name'}</strong> · {lead.email || '—'} · {lead.phone || '—'} ·{' '}
                {formatTime(lead.received_at)}
                {lead.kind === 'lead' ? (
                  <>
                    {' '}
                    · <ConsoleLink to={`/leads/${encodeURIComponent(lead.id)}`}>open</ConsoleLink>
                  </>
                ) : lead.kind === 'ingested' ? (
                  ' · lead-ingest copy'
                ) : (
                  ' · refused body (quarantine)'
                )}
                <br />
                <span className={lead.proposed ? undefined : 'console-warning'}>
                  Matched by {lead.matched_by.join(' and ')}: {lead.reason}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="console-review-leads">
        <legend>Keep from future sale (suppression list)</legend>
        {(['email', 'phone'] as const).map((identifier) => (
          <label key={identifier} className="console-review-lead">
            <input
              type="checkbox"
              checked={suppress.includes(identifier)}
              disabled={!requester[identifier]}
              onChange={() =>
                setSuppress(
                  suppress.includes(identifier) ? suppress.filter((x) => x !== identifier) : [...suppress, identifier],
                )
              }
            />
            <span>
              {identifier}: {requester[identifier] || '—'}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="console-field">
        <span>Note (how the request was verified)</span>
        <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} />
      </label>
      <button type="button" className="console-button" onClick={confirm} disabled={busy}>
        {ticked.size === 0 ? 'Complete, deleting no lead' : `Delete ${ticked.size} lead(s) and complete`}
      </button>
    </div>
  );
}

export function DeletionReviewPanel(props: { id: string; onDone: (message: ActionNote) => void }) {
  const review = useConsoleData(
    () => getJson(`/privacy-requests/${encodeURIComponent(props.id)}/review`, DeletionReviewSchema),
    `review-${props.id}`,
  );
  if (review.state !== 'ready') return <LoadStatus state={review.state} error={review.error} onRetry={review.reload} />;
  return <ReviewForm id={props.id} review={review.data} onDone={props.onDone} />;
}
