/**
 * Issue 31: the jobs whose outcome is unknown (an attempt may have reached a buyer that does not dedupe: a
 * time-out, a connection lost after sending, a server stopped mid-send). They are never sent again on their
 * own; the operator asks the buyer, then marks each delivered or not delivered, or confirms a re-send.
 */
import { JobListSchema, ResolvedJobSchema, type UnknownOutcomeResolution } from '@app/funnel';
import { useState } from 'react';
import { getJson, sendJson } from '../api/console-client';
import { failureNote } from '../api/console-errors';
import { ConsoleLink } from '../app/console-link';
import { formatTime } from '../app/format';
import { LoadStatus, type ActionNote } from '../app/load-status';
import { TableHead } from '../app/table-head';
import { useAction } from '../app/use-action';
import { useConsoleData } from '../app/use-console-data';

const DONE: Record<UnknownOutcomeResolution, string> = {
  delivered: 'Marked delivered.',
  not_delivered: 'Marked not delivered: the job is dead and may be retried.',
  resend: 'Queued to be sent again.',
};

function ResolveButtons(props: { jobId: string; onDone: (message: ActionNote) => void }) {
  const { busy, run } = useAction();
  const [confirming, setConfirming] = useState(false);
  const resolve = (resolution: UnknownOutcomeResolution) =>
    run(
      () => sendJson('POST', `/jobs/${encodeURIComponent(props.jobId)}/resolve`, { resolution }, ResolvedJobSchema),
      () => props.onDone({ kind: 'ok', text: DONE[resolution] }),
      (error) => props.onDone(failureNote(error)),
    );
  return (
    <div className="console-actions">
      <button type="button" className="console-button" onClick={() => resolve('delivered')} disabled={busy}>
        Mark delivered
      </button>
      <button type="button" className="console-button" onClick={() => resolve('not_delivered')} disabled={busy}>
        Mark not delivered
      </button>
      {confirming ? (
        <button type="button" className="console-button" onClick={() => resolve('resend')} disabled={busy}>
          Confirm: send again (the buyer may buy it twice)
        </button>
      ) : (
        <button
          type="button"
          className="console-button console-button-quiet"
          onClick={() => setConfirming(true)}
          disabled={busy}
        >
          Send again…
        </button>
      )}
    </div>
  );
}

export function UnknownOutcomeJobs(props: { round: number; onChanged: (message: ActionNote) => void }) {
  const jobs = useConsoleData(
    () => getJson('/jobs?status=outcome_unknown', JobListSchema),
    `outcome-unknown-${props.round}`,
  );
  if (jobs.state !== 'ready') return <LoadStatus state={jobs.state} error={jobs.error} onRetry={jobs.reload} />;
  if (jobs.data.jobs.length === 0) return <p className="console-muted">No job with an unknown outcome.</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table" aria-label="Outcome unknown">
        <TableHead columns={['Buyer', 'Lead', 'Attempts', 'What happened', 'Since', 'Resolve']} />
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
                <ResolveButtons
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
