/**
 * Deliveries (issue 16): each buyer's jobs by outcome (accepted, rejected, failed = dead, pending =
 * queued, sending or retrying), its caps used today and this month, pause and resume, an edit checked
 * by the buyers file's own schema; the leads not sent for want of a buyer, re-routed here (issue 30); the
 * jobs whose outcome is unknown, each resolved here (issue 31); and the dead jobs, each retried here.
 */
import {
  BuyerSummariesSchema,
  CONSENT_LIST_IDS,
  JobListSchema,
  type BuyerSummaries,
  type DeliveryStatus,
} from '@app/funnel';
import { useState } from 'react';
import { z } from 'zod';
import { getJson, sendJson } from '../api/console-client';
import { failureNote } from '../api/console-errors';
import { useAction } from '../app/use-action';
import { ConsoleLink } from '../app/console-link';
import { formatTime } from '../app/format';
import { ActionMessage, LoadStatus, type ActionNote } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';
import { BuyerEditor } from './buyer-editor';
import { NotSentLeads } from './not-sent-leads';
import { RetryJobButton } from './retry-job-button';
import { UnknownOutcomeJobs } from './unknown-outcome-jobs';
import { TableHead } from '../app/table-head';

type Summary = BuyerSummaries['buyers'][number];
type Message = ActionNote;

const PausedSchema = z.object({ key: z.string(), active: z.boolean() });

const count = (summary: Summary, statuses: readonly DeliveryStatus[]) =>
  statuses.reduce((sum, status) => sum + (summary.jobs[status] ?? 0), 0);

function cap(used: number, limit: number | undefined): string {
  return limit === undefined ? `${used} (no cap)` : `${used} / ${limit}`;
}

function BuyerRow(props: { summary: Summary; onChanged: (message: Message) => void; onEdit: () => void }) {
  const { buyer, capsUsed } = props.summary;
  const { busy, run } = useAction();
  const action = buyer.active ? 'pause' : 'resume';
  const toggle = () =>
    run(
      () => sendJson('POST', `/buyers/${buyer.key}/${action}`, {}, PausedSchema),
      (answer) =>
        props.onChanged({ kind: 'ok', text: `${buyer.name} is ${answer.active ? 'active again' : 'paused'}.` }),
      (error) => props.onChanged(failureNote(error)),
    );
  return (
    <tr data-buyer={buyer.key}>
      <th scope="row">
        {buyer.name}
        <div className="console-muted">{buyer.key}</div>
      </th>
      <td>{buyer.active ? 'active' : <strong>paused</strong>}</td>
      <td>${buyer.price.toFixed(2)}</td>
      <td data-count="accepted">{count(props.summary, ['accepted'])}</td>
      <td data-count="rejected">{count(props.summary, ['rejected', 'duplicate'])}</td>
      <td data-count="failed">{count(props.summary, ['dead'])}</td>
      <td data-count="pending">{count(props.summary, ['queued', 'sending', 'retrying'])}</td>
      <td data-count="outcome_unknown">{count(props.summary, ['outcome_unknown'])}</td>
      <td>{count(props.summary, ['skipped'])}</td>
      <td className="console-nowrap">{cap(capsUsed.day, buyer.caps.daily)}</td>
      <td className="console-nowrap">{cap(capsUsed.month, buyer.caps.monthly)}</td>
      <td className="console-actions">
        <button type="button" className="console-button console-button-quiet" onClick={toggle} disabled={busy}>
          {buyer.active ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className="console-button console-button-quiet" onClick={props.onEdit}>
          Edit
        </button>
        <ConsoleLink to={`/leads?buyer=${encodeURIComponent(buyer.key)}`}>Leads</ConsoleLink>
      </td>
    </tr>
  );
}

function DeadJobs(props: { round: number; onChanged: (message: Message) => void }) {
  const jobs = useConsoleData(() => getJson('/jobs?status=dead', JobListSchema), `dead-${props.round}`);
  if (jobs.state !== 'ready') return <LoadStatus state={jobs.state} error={jobs.error} onRetry={jobs.reload} />;
  if (jobs.data.jobs.length === 0) return <p className="console-muted">No dead job.</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table">
        <TableHead columns={['Buyer', 'Lead', 'Attempts', 'Why', 'Since', 'Action']} />
        <tbody>
          {jobs.data.jobs.map((job) => (
            <tr key={job.id} data-job={job.id}>
              <td>{job.buyer_key}</td>
              <td>
                <ConsoleLink to={`/leads/${encodeURIComponent(job.lead_id)}`}>{job.lead_id.slice(0, 8)}</ConsoleLink>
              </td>
              <td>{job.attempts}</td>
              <td>{job.reason}</td>
              <td>{formatTime(job.updated_at)}</td>
              <td>
                <RetryJobButton
                  jobId={job.id}
                  onDone={(message) => {
                    props.onChanged(message);
                    jobs.reload();
                  }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * §4's fixed consent lists (issue 28): the firms each list offers, and any problem (a buyer that does not
 * exist or is paused: the page then offers fewer firms than the list names).
 */
function ConsentLists({ lists }: { lists: BuyerSummaries['consentLists'] }) {
  const ids = CONSENT_LIST_IDS.filter((id) => lists.lists[id] !== undefined);
  return (
    <section aria-labelledby="consent-lists-title">
      <h2 id="consent-lists-title">Consent lists</h2>
      {lists.problems.length > 0 && (
        <ul className="console-alert" role="alert">
          {lists.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {ids.length === 0 ? (
        <p className="console-muted">No fixed list: every consent page asks for the buyers that can take its lead.</p>
      ) : (
        <ul aria-label="Consent lists">
          {ids.map((id) => (
            <li key={id}>
              <strong>/survey/{id}</strong>: {(lists.lists[id] ?? []).join(', ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function DeliveriesScreen() {
  const summaries = useConsoleData(() => getJson('/buyers', BuyerSummariesSchema), 'buyers');
  const [message, setMessage] = useState<Message>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const changed = (next: Message) => {
    setMessage(next);
    summaries.reload();
    setRound((n) => n + 1);
  };
  const edited = summaries.state === 'ready' ? summaries.data.buyers.find((s) => s.buyer.key === editing) : undefined;

  return (
    <section className="console-screen" aria-labelledby="deliveries-title">
      <h1 id="deliveries-title">Deliveries</h1>
      <ActionMessage message={message} />
      {summaries.state !== 'ready' ? (
        <LoadStatus state={summaries.state} error={summaries.error} onRetry={summaries.reload} />
      ) : summaries.data.buyers.length === 0 ? (
        <p className="console-muted">No buyer is configured.</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table" aria-label="Buyers">
            <TableHead
              columns={[
                'Buyer',
                'Status',
                'Price',
                'Accepted',
                'Rejected',
                'Failed',
                'Pending',
                'Unknown',
                'Skipped',
                'Today',
                'This month',
                'Actions',
              ]}
            />
            <tbody>
              {summaries.data.buyers.map((summary) => (
                <BuyerRow
                  key={summary.buyer.key}
                  summary={summary}
                  onChanged={changed}
                  onEdit={() => setEditing(summary.buyer.key)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summaries.state === 'ready' && <ConsentLists lists={summaries.data.consentLists} />}
      {edited && (
        <BuyerEditor
          key={edited.buyer.key}
          buyer={edited.buyer}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            setEditing(null);
            changed({ kind: 'ok', text: `${name} saved.` });
          }}
        />
      )}
      <h2>Leads not sent</h2>
      <NotSentLeads round={round} onChanged={changed} />
      <h2>Outcome unknown</h2>
      <p className="console-muted">
        Jobs that may have reached a buyer that does not dedupe (a time-out, a connection lost after sending, a server
        stopped mid-send). They are not sent again on their own: ask the buyer, then resolve each.
      </p>
      <UnknownOutcomeJobs round={round} onChanged={changed} />
      <h2>Dead jobs</h2>
      <p className="console-muted">Jobs whose retry window ended without an answer. A retry queues the job again.</p>
      <DeadJobs round={round} onChanged={setMessage} />
    </section>
  );
}
