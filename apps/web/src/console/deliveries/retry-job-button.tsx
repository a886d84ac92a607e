import { useState } from 'react';
import { z } from 'zod';
import { sendJson } from '../api/console-client';
import { consoleErrorMessage } from '../api/console-errors';

const RetriedSchema = z.object({ job: z.object({ id: z.string(), status: z.string() }) });

/** Retries a dead delivery job (POST /api/console/jobs/:id/retry): it is queued again. */
export function RetryJobButton(props: {
  jobId: string;
  onDone: (message: { kind: 'ok' | 'error'; text: string }) => void;
}) {
  const [busy, setBusy] = useState(false);
  const retry = () => {
    setBusy(true);
    sendJson('POST', `/jobs/${encodeURIComponent(props.jobId)}/retry`, {}, RetriedSchema).then(
      (answer) => props.onDone({ kind: 'ok', text: `Job queued again (now ${answer.job.status}).` }),
      (error: unknown) => {
        setBusy(false);
        props.onDone({ kind: 'error', text: consoleErrorMessage(error) });
      },
    );
  };
  return (
    <button type="button" className="console-button" onClick={retry} disabled={busy}>
      {busy ? 'Retrying…' : 'Retry this job'}
    </button>
  );
}
