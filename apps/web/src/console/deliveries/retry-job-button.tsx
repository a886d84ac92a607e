import { z } from 'zod';
import { sendJson } from '../api/console-client';
import { failureNote } from '../api/console-errors';
import { type ActionNote } from '../app/load-status';
import { useAction } from '../app/use-action';

const RetriedSchema = z.object({ job: z.object({ id: z.string(), status: z.string() }) });

/** Retries a dead delivery job (POST /api/console/jobs/:id/retry): it is queued again. */
export function RetryJobButton(props: { jobId: string; onDone: (message: ActionNote) => void }) {
  const { busy, run } = useAction();
  const retry = () =>
    run(
      () => sendJson('POST', `/jobs/${encodeURIComponent(props.jobId)}/retry`, {}, RetriedSchema),
      (answer) => props.onDone({ kind: 'ok', text: `Job queued again (now ${answer.job.status}).` }),
      (error) => props.onDone(failureNote(error)),
    );
  return (
    <button type="button" className="console-button" onClick={retry} disabled={busy}>
      {busy ? 'Retrying…' : 'Retry this job'}
    </button>
  );
}
