/**
 * One lead (issue 16): every stored field, time on each step, the consent evidence, the server's checks,
 * the routing decision and every delivery attempt (a dead job can be retried here), and what operators
 * did to it. Everything the visitor typed is rendered as text by React, never as HTML.
 */
import {
  LeadDetailSchema,
  readRoutingDecisions,
  routingReasonText,
  routingResultText,
  type LeadDetail,
} from '@app/funnel';
import { useState } from 'react';
import { getJson } from '../api/console-client';
import { ConsoleLink } from '../app/console-link';
import { asText, formatCents, formatTime } from '../app/format';
import { ActionMessage, LoadStatus } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';
import { LeadAuctionSection } from '../auction/lead-auction';
import { RetryJobButton } from '../deliveries/retry-job-button';
import { TableHead } from '../app/table-head';

function Facts(props: { rows: [string, unknown][]; label: string }) {
  return (
    <dl className="console-facts" aria-label={props.label}>
      {props.rows.map(([name, value]) => (
        <div key={name} className="console-fact">
          <dt>{name}</dt>
          <dd>{asText(value) || <span className="console-muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function TimeOnSteps(props: { steps: LeadDetail['time_on_steps'] }) {
  if (props.steps.length === 0) return <p className="console-muted">No step times were recorded.</p>;
  const total = props.steps.reduce((sum, step) => sum + step.seconds, 0);
  return (
    <table className="console-table console-table-compact">
      <TableHead columns={['Step', 'Seconds']} />
      <tbody>
        {props.steps.map((step, index) => (
          <tr key={`${step.step}-${index}`}>
            <td>{step.step}</td>
            <td>{step.seconds}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{total}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function Deliveries(props: { detail: LeadDetail; onChanged: () => void }) {
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  if (props.detail.deliveries.length === 0) return <p className="console-muted">No delivery job for this lead.</p>;
  return (
    <>
      <ActionMessage message={message} />
      {props.detail.deliveries.map((job) => (
        <article key={job.id} className="console-card" data-job={job.id}>
          <h3>
            {job.buyer_key}: <span className={`console-badge console-status-${job.status}`}>{job.status}</span>
          </h3>
          <Facts
            label={`Job for ${job.buyer_key}`}
            rows={[
              ['Reason', job.reason],
              ['Attempts', job.attempts.length],
              ['Price', formatCents(job.price_cents)],
              ['Created', formatTime(job.created_at)],
              ['Next attempt', job.finished_at ? '' : formatTime(job.next_attempt_at)],
              ['Retry window ends', formatTime(job.deadline_at)],
              ['Finished', formatTime(job.finished_at)],
              ['Last HTTP status', job.last_status],
              ['Last answer', job.last_answer],
            ]}
          />
          {job.status === 'dead' && (
            <RetryJobButton
              jobId={job.id}
              onDone={(result) => {
                setMessage(result);
                props.onChanged();
              }}
            />
          )}
          {job.attempts.length > 0 && (
            <div className="console-table-wrap">
              <table className="console-table console-table-compact">
                <caption>Attempts</caption>
                <TableHead columns={['#', 'Started', 'Outcome', 'Failure', 'HTTP', 'ms', 'Message', 'Answer']} />
                <tbody>
                  {job.attempts.map((attempt) => (
                    <tr key={attempt.id}>
                      <td>{attempt.attempt}</td>
                      <td>{formatTime(attempt.started_at)}</td>
                      <td>{attempt.outcome}</td>
                      <td>{attempt.failure}</td>
                      <td>{attempt.http_status ?? ''}</td>
                      <td>{attempt.latency_ms}</td>
                      <td>{attempt.message}</td>
                      <td className="console-pre">{attempt.answer_excerpt}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </article>
      ))}
    </>
  );
}

const shown = (value: unknown) =>
  value === undefined ? '(absent)' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * Issue 29, finding 2: a lead stored by replaying a refused body says so on its page: who replayed it,
 * when, and each field the operator changed (consent evidence never changes in a replay).
 */
function ReplayNotice(props: { replay: NonNullable<LeadDetail['replay']> }) {
  const { replay } = props;
  return (
    <section className="console-notice" data-testid="replayed" aria-label="Replayed from the quarantine">
      <p>
        Replayed from the quarantine by {replay.by} on {formatTime(replay.at)}:{' '}
        {replay.changes.length === 0 ? 'the body as it was kept, nothing changed.' : 'fields changed by the operator:'}
      </p>
      {replay.changes.length > 0 && (
        <ul className="console-changes">
          {replay.changes.map((change) => (
            <li key={change.field}>
              <code>{change.field}</code>: <del>{shown(change.old)}</del> → <ins>{shown(change.new)}</ins>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Each buyer's decision as a table in words (issue 29: it was a raw JSON string). */
function RoutingDecisions(props: { buyers: unknown }) {
  const decisions = readRoutingDecisions(props.buyers);
  if (decisions === null) {
    return <pre className="console-code">{JSON.stringify(props.buyers, null, 2)}</pre>;
  }
  if (decisions.length === 0) return <p className="console-muted">No buyer was considered.</p>;
  return (
    <div className="console-table-wrap">
      <table className="console-table console-table-compact" data-testid="routing-decisions">
        <caption>Each buyer&apos;s decision</caption>
        <thead>
          <tr>
            <th scope="col">Buyer</th>
            <th scope="col">Result</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {decisions.map((d) => (
            <tr key={d.buyer} data-buyer={d.buyer} data-result={d.result}>
              <th scope="row">{d.buyer}</th>
              <td>{routingResultText(d.result)}</td>
              <td>{routingReasonText(d.reason) || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadView(props: { detail: LeadDetail; onChanged: () => void }) {
  const { detail } = props;
  const field = (name: string) => detail.lead[name];
  const name = `${asText(field('first_name'))} ${asText(field('last_name'))}`.trim();
  const leadFields = Object.entries(detail.lead).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <div className="console-title-row">
        <h1 id="lead-title" data-testid="lead-name">
          {name || 'Lead'}
        </h1>
        <span className="console-muted">
          #{detail.seq} · received {formatTime(detail.received_at)}
        </span>
      </div>
      {detail.anonymized_at && (
        <p className="console-notice" data-testid="anonymized">
          Anonymized {formatTime(detail.anonymized_at)}: personal data removed.
        </p>
      )}
      {detail.replay && <ReplayNotice replay={detail.replay} />}
      <div className="console-grid">
        <section aria-labelledby="summary-title" className="console-card">
          <h2 id="summary-title">Summary</h2>
          <Facts
            label="Summary"
            rows={[
              ['Lead id', detail.id],
              ['Email', field('email')],
              ['Phone', field('phone')],
              ['State', field('state')],
              ['Variant', field('variant')],
              ['Language', field('language')],
              ['Qualified', field('lead_is_qualified')],
              ['DQ reason', field('dq_reason')],
            ]}
          />
        </section>
        <section aria-labelledby="checks-title" className="console-card">
          <h2 id="checks-title">Validation results</h2>
          <Facts
            label="Validation results"
            rows={[
              ['Phone check', detail.checks.phone],
              ['Phone check reason', field('phone_check_reason')],
              ['Email check', detail.checks.email],
              ['Email check reason', field('email_check_reason')],
              ['Submission problems', detail.checks.submission_problems],
              ['Variant the body claimed', detail.checks.claimed_variant],
            ]}
          />
        </section>
        <section aria-labelledby="description-title" className="console-card">
          <h2 id="description-title">Case description</h2>
          <p className="console-pre" data-testid="case-description">
            {asText(field('case_description')) || <span className="console-muted">—</span>}
          </p>
        </section>
        <section aria-labelledby="steps-title" className="console-card">
          <h2 id="steps-title">Time on each step</h2>
          <TimeOnSteps steps={detail.time_on_steps} />
        </section>
      </div>
      <section aria-labelledby="consent-title" className="console-card">
        <h2 id="consent-title">Consent evidence</h2>
        <Facts
          label="Consent evidence"
          rows={[
            ['Text shown to the visitor', detail.consent.shown],
            [
              'Server version',
              detail.consent.version
                ? `${detail.consent.version.id} (first served ${formatTime(detail.consent.version.first_served_at)})`
                : '',
            ],
            ['Differs from the server version', detail.consent.mismatch],
            ['TrustedForm certificate', detail.consent.trusted_form_cert_id],
            ['Jornaya LeadiD', detail.consent.jornaya_leadid],
            ['Landing page', detail.consent.landing_page_url],
            ['IP address', detail.consent.ip_address],
            ['User agent', detail.consent.user_agent],
            ['Global Privacy Control', detail.consent.sec_gpc],
          ]}
        />
      </section>
      <section aria-labelledby="routing-title" className="console-card">
        <h2 id="routing-title">Routing</h2>
        {detail.routing ? (
          <>
            <Facts
              label="Routing"
              rows={[
                ['Decided', formatTime(detail.routing.decided_at)],
                ['Outcome', detail.routing.outcome],
                ['Reason', detail.routing.reason],
              ]}
            />
            <RoutingDecisions buyers={detail.routing.buyers} />
          </>
        ) : (
          <p className="console-muted">Not routed yet.</p>
        )}
      </section>
      <LeadAuctionSection auction={detail.auction} />
      <section aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Deliveries</h2>
        <Deliveries detail={detail} onChanged={props.onChanged} />
      </section>
      <section aria-labelledby="fields-title" className="console-card">
        <h2 id="fields-title">All fields</h2>
        <Facts label="All fields" rows={leadFields} />
      </section>
      {detail.actions.length > 0 && (
        <section aria-labelledby="actions-title" className="console-card">
          <h2 id="actions-title">Operator actions</h2>
          <ul>
            {detail.actions.map((action) => (
              <li key={`${action.at}-${action.action}`}>
                {formatTime(action.at)}: {action.action} by {action.operator_email}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export default function LeadScreen(props: { id: string }) {
  const loaded = useConsoleData(() => getJson(`/leads/${encodeURIComponent(props.id)}`, LeadDetailSchema), props.id);
  return (
    <section className="console-screen" aria-labelledby="lead-title">
      <p>
        <ConsoleLink to="/leads">← All leads</ConsoleLink>
      </p>
      {loaded.state === 'ready' ? (
        <LeadView detail={loaded.data} onChanged={loaded.reload} />
      ) : (
        <LoadStatus state={loaded.state} error={loaded.error} onRetry={loaded.reload} />
      )}
    </section>
  );
}
