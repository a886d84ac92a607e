/**
 * Privacy requests (issue 16): the opt-out form's requests with the day each arrived and the day it must
 * be answered by, open and overdue first, each with the requester, their agent and how they want the answer.
 * A deletion is completed only through its review (deletion-review.tsx, issue 29): the operator sees every
 * lead it would delete and why, and confirms the exact set. An opt-out keeps the contact on the suppression
 * list. Who decided and when is kept.
 */
import {
  PrivacyDecidedSchema,
  PrivacyRequestListSchema,
  type PrivacyDecisionSchema,
  type PrivacyRequest,
} from '@app/funnel';
import { useState } from 'react';
import type { z } from 'zod';
import { getJson, sendJson } from '../api/console-client';
import { failureNote } from '../api/console-errors';
import { useAction } from '../app/use-action';
import { ConsoleLink } from '../app/console-link';
import { formatTime } from '../app/format';
import { ActionMessage, LoadStatus, type ActionNote } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';
import { DeletionReviewPanel } from './deletion-review';
import { byUrgency } from './privacy-order';
import { TableHead } from '../app/table-head';

type Message = ActionNote;

const REQUEST_NAMES: Record<string, string> = {
  optOutOfSaleOrSharingOfInformation: 'Opt out of sale or sharing',
  requestForInformation: 'Know what is kept',
  requestToDeleteInformation: 'Delete my information',
  requestToCorrectInformation: 'Correct my information',
  submitAnAppeal: 'Appeal',
};

function searchLink(contact: PrivacyRequest['contact']): string | null {
  const q = contact.email ?? contact.phone;
  return q ? `/leads?q=${encodeURIComponent(q)}` : null;
}

function RequestRow(props: {
  request: PrivacyRequest;
  reviewing: boolean;
  onReview: () => void;
  onChanged: (message: Message) => void;
}) {
  const { request } = props;
  const { busy, run } = useAction();
  const [note, setNote] = useState('');
  const decide = (decision: 'complete' | 'deny') => {
    const body: z.input<typeof PrivacyDecisionSchema> = { decision, note };
    run(
      () => sendJson('POST', `/privacy-requests/${encodeURIComponent(request.id)}`, body, PrivacyDecidedSchema),
      (answer) =>
        props.onChanged({
          kind: 'ok',
          text:
            answer.status === 'completed'
              ? `Completed: ${answer.anonymized.leads} lead(s) anonymized${answer.suppressed ? ', contact suppressed' : ''}.`
              : 'Denied.',
        }),
      (error) => props.onChanged(failureNote(error)),
    );
  };
  const leads = searchLink(request.contact);
  const deletes = request.requestTypes.includes('requestToDeleteInformation');
  const { requester } = request;
  return (
    <tr data-request={request.id} className={request.overdue ? 'console-overdue' : undefined}>
      <td>
        {request.requestTypes.map((type) => (
          <div key={type}>{REQUEST_NAMES[type] ?? type}</div>
        ))}
        {request.secGpc === 'yes' && <div className="console-muted">Global Privacy Control on</div>}
      </td>
      <td>
        <div>
          <strong>{requester.name}</strong>
        </div>
        <div className="console-muted">{requester.address}</div>
        <div>{request.contact.email}</div>
        <div>{request.contact.phone}</div>
        <div className="console-muted">
          Answer by {[requester.reply.email && 'email', requester.reply.mail && 'mail'].filter(Boolean).join(' and ')}
        </div>
        {requester.agent && (
          <div data-testid="agent">
            Agent: {requester.agent.name}, {requester.agent.email}, {requester.agent.phone}
          </div>
        )}
        {leads && <ConsoleLink to={leads}>Their leads</ConsoleLink>}
      </td>
      <td>{formatTime(request.receivedAt)}</td>
      <td>
        {request.dueAt}
        {request.overdue && <strong className="console-overdue-label"> overdue</strong>}
      </td>
      <td>
        {request.status === 'open' ? (
          <div className="console-decide">
            <label className="console-field">
              <span>Note</span>
              <input value={note} onChange={(event) => setNote(event.target.value)} maxLength={1000} />
            </label>
            {deletes ? (
              <button
                type="button"
                className="console-button"
                aria-expanded={props.reviewing}
                aria-controls="deletion-review"
                onClick={props.onReview}
              >
                Review deletion
              </button>
            ) : (
              <button type="button" className="console-button" onClick={() => decide('complete')} disabled={busy}>
                Complete
              </button>
            )}
            <button
              type="button"
              className="console-button console-button-quiet"
              onClick={() => decide('deny')}
              disabled={busy}
            >
              Deny
            </button>
          </div>
        ) : (
          <span>
            {request.status} {formatTime(request.statusChangedAt)} by {request.processedBy}
          </span>
        )}
      </td>
    </tr>
  );
}

export default function PrivacyScreen() {
  const list = useConsoleData(() => getJson('/privacy-requests', PrivacyRequestListSchema), 'privacy');
  const [message, setMessage] = useState<Message>(null);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const changed = (next: Message) => {
    setMessage(next);
    setReviewing(null);
    list.reload();
  };
  const reviewed = list.data?.requests.find((request) => request.id === reviewing && request.status === 'open');
  return (
    <section className="console-screen" aria-labelledby="privacy-title">
      <h1 id="privacy-title">Privacy requests</h1>
      <ActionMessage message={message} />
      {list.state !== 'ready' ? (
        <LoadStatus state={list.state} error={list.error} onRetry={list.reload} />
      ) : list.data.requests.length === 0 ? (
        <p className="console-muted">No privacy request yet.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <TableHead columns={['Request', 'Person', 'Received', 'Due', 'Decision']} />
            <tbody>
              {[...list.data.requests].sort(byUrgency).map((request) => (
                <RequestRow
                  key={request.id}
                  request={request}
                  reviewing={request.id === reviewing}
                  onReview={() => setReviewing(request.id === reviewing ? null : request.id)}
                  onChanged={changed}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reviewed && (
        <section id="deletion-review" className="console-card" aria-labelledby="review-title">
          <h2 id="review-title">Review: delete {reviewed.requester.name || 'this person'}'s information</h2>
          <DeletionReviewPanel id={reviewed.id} onDone={changed} />
        </section>
      )}
    </section>
  );
}
