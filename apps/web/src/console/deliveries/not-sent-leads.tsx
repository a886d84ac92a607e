/**
 * Issue 30: leads routed `not_sent` for want of a buyer in the last day (no buyer configured, none eligible,
 * none with room), and one button that routes them again with the buyers as they are now, once fixed.
 */
import { notSentReasonText, NotSentListSchema, RerouteSummarySchema, type RerouteBodySchema } from '@app/funnel';
import type { z } from 'zod';
import { getJson, sendJson } from '../api/console-client';
import { failureNote } from '../api/console-errors';
import { formatTime } from '../app/format';
import { LoadStatus, type ActionNote } from '../app/load-status';
import { useAction } from '../app/use-action';
import { useConsoleData } from '../app/use-console-data';
import { ConsoleLink } from '../app/console-link';
import { TableHead } from '../app/table-head';

export function NotSentLeads(props: { round: number; onChanged: (message: ActionNote) => void }) {
  const list = useConsoleData(() => getJson('/not-sent', NotSentListSchema), `not-sent-${props.round}`);
  const { busy, run } = useAction();
  if (list.state !== 'ready') return <LoadStatus state={list.state} error={list.error} onRetry={list.reload} />;
  const { total, leads, since } = list.data;
  if (total === 0) return <p className="console-muted">Every lead of the last day found its buyers.</p>;
  const body: z.input<typeof RerouteBodySchema> = { since };
  const reroute = () =>
    run(
      () => sendJson('POST', '/not-sent/reroute', body, RerouteSummarySchema),
      (summary) => {
        props.onChanged({
          kind: 'ok',
          text:
            `${summary.routed} lead(s) routed, ${summary.notSent} still without a buyer, ${summary.skipped} skipped.` +
            (summary.more ? ' More remain: re-route again.' : ''),
        });
        list.reload();
      },
      (error) => props.onChanged(failureNote(error)),
    );
  return (
    <>
      <p>
        <strong>{total}</strong> lead(s) since {formatTime(since)} were not sent for want of a buyer. Fix the buyers
        (resume, edit, raise a cap), then route them again: each goes to the buyers that can take it now, never twice to
        one buyer.
      </p>
      <p>
        <button type="button" className="console-button" onClick={reroute} disabled={busy}>
          {busy ? 'Re-routing…' : `Re-route ${total} lead(s)`}
        </button>
      </p>
      <div className="console-table-wrap">
        <table className="console-table" aria-label="Leads not sent">
          <TableHead columns={['Lead', 'Why', 'Decided']} />
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.lead_id} data-not-sent={lead.lead_id}>
                <td>
                  <ConsoleLink to={`/leads/${encodeURIComponent(lead.lead_id)}`}>
                    {lead.lead_id.slice(0, 8)}
                  </ConsoleLink>
                </td>
                <td data-reason={lead.reason}>{notSentReasonText(lead.reason)}</td>
                <td>{formatTime(lead.decided_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
