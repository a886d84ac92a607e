/**
 * Funnel analytics (issue 16): per variant, and for a brand, a language and the days the sessions
 * started: sessions, leads, completion and qualification; each step's reach, drop-off and median time,
 * counted against the sessions that could reach it (a branch not taken is skipped, not dropped, and an
 * exit after a branching step is listed apart); the leads' disqualification reasons. The figures are the
 * server's (GET /api/console/analytics/*); the charts (Recharts) are in this screen's chunk only.
 */
import {
  BRAND_IDS,
  FunnelReportSchema,
  LANGUAGES,
  VariantSummariesSchema,
  type AnalyticsFiltersSchema,
  type FunnelReportAnswer,
} from '@app/funnel';
import { useState } from 'react';
import type { z } from 'zod';
import { getJson, queryString } from '../api/console-client';
import { LoadStatus } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';
import { DqChart, StepChart, TimeChart } from './funnel-charts';
import { count, percent, seconds } from './format';
import './analytics.css';

type Filters = Required<{ [K in keyof z.input<typeof AnalyticsFiltersSchema>]: string }>;

function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
}

function FilterBar(props: { filters: Filters; onChange: (f: Filters) => void }) {
  const { filters, onChange } = props;
  return (
    <form className="console-filters analytics-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
      <label className="console-field">
        From
        <input type="date" value={filters.from} onChange={(e) => onChange({ ...filters, from: e.target.value })} />
      </label>
      <label className="console-field">
        To
        <input type="date" value={filters.to} onChange={(e) => onChange({ ...filters, to: e.target.value })} />
      </label>
      <label className="console-field">
        Brand
        <select value={filters.brand} onChange={(e) => onChange({ ...filters, brand: e.target.value })}>
          <option value="">All brands</option>
          {BRAND_IDS.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </label>
      <label className="console-field">
        Language
        <select value={filters.language} onChange={(e) => onChange({ ...filters, language: e.target.value })}>
          <option value="">All languages</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {l === 'es' ? 'Spanish' : 'English'}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

function Figure(props: { label: string; value: string; detail?: string }) {
  return (
    <div className="console-card analytics-figure">
      <div className="console-muted">{props.label}</div>
      <div className="analytics-figure-value">{props.value}</div>
      {props.detail && <div className="console-muted">{props.detail}</div>}
    </div>
  );
}

function FunnelView(props: { report: FunnelReportAnswer }) {
  const { report } = props;
  return (
    <>
      <div className="analytics-figures" aria-label="Summary">
        <Figure label="Sessions started" value={count(report.sessions)} />
        <Figure label="Leads" value={count(report.leads)} />
        <Figure label="Completion" value={percent(report.completionRate)} detail="leads / sessions" />
        <Figure label="Qualification" value={percent(report.qualificationRate)} detail="qualified / leads" />
      </div>
      <section className="console-card" aria-labelledby="steps-chart">
        <h2 id="steps-chart">Reach and drop-off by step</h2>
        <StepChart steps={report.steps} />
      </section>
      <section className="console-card" aria-labelledby="steps-table">
        <h2 id="steps-table">Steps</h2>
        <p className="console-muted">
          Eligible: sessions that could reach the step (answered a step leading to it). Skipped: they took another
          branch, which is not a drop-off. Drop-off: shown the step, never answered it.
        </p>
        <div className="console-table-wrap">
          <table className="console-table console-table-compact" data-testid="funnel-steps">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Eligible</th>
                <th scope="col">Reached</th>
                <th scope="col">Skipped</th>
                <th scope="col">Answered</th>
                <th scope="col">Drop-off</th>
                <th scope="col">Drop-off rate</th>
                <th scope="col">Median time</th>
              </tr>
            </thead>
            <tbody>
              {report.steps.map((s) => (
                <tr key={s.id} data-step={s.id}>
                  <th scope="row">{s.id}</th>
                  <td data-col="eligible">{count(s.eligible)}</td>
                  <td data-col="reached">{count(s.reached)}</td>
                  <td data-col="skipped">{count(s.skipped)}</td>
                  <td data-col="completed">{count(s.completed)}</td>
                  <td data-col="dropOff">{count(s.dropOff)}</td>
                  <td data-col="dropOffRate">{s.reached > 0 ? percent(s.dropOffRate) : '–'}</td>
                  <td data-col="medianMs">{seconds(s.medianMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.unresolvedExits.length > 0 && (
          <p className="console-muted" data-testid="unresolved-exits">
            Left after a branching step (next screen unknown):{' '}
            {report.unresolvedExits.map((u) => `${u.after} ${count(u.sessions)}`).join(', ')}
          </p>
        )}
      </section>
      <div className="analytics-two">
        <section className="console-card" aria-labelledby="time-chart">
          <h2 id="time-chart">Median time on each step</h2>
          <TimeChart steps={report.steps} />
        </section>
        <section className="console-card" aria-labelledby="dq-reasons">
          <h2 id="dq-reasons">Disqualification reasons</h2>
          {report.dqReasons.length === 0 ? (
            <p className="console-muted">No disqualified leads.</p>
          ) : (
            <>
              <DqChart reasons={report.dqReasons} />
              <table className="console-table console-table-compact" data-testid="dq-reasons">
                <tbody>
                  {report.dqReasons.map((r) => (
                    <tr key={r.reason}>
                      <th scope="row">{r.reason}</th>
                      <td>{count(r.leads)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      </div>
    </>
  );
}

export default function AnalyticsScreen() {
  const [filters, setFilters] = useState<Filters>({ from: daysAgo(30), to: daysAgo(0), brand: '', language: '' });
  const [chosen, setChosen] = useState('');
  const query = queryString(filters);
  const variants = useConsoleData(() => getJson(`/analytics/variants${query}`, VariantSummariesSchema), query);
  const list = variants.state === 'ready' ? variants.data.variants : [];
  const variant = list.some((v) => v.variant === chosen) ? chosen : (list[0]?.variant ?? '');
  const funnelQuery = queryString({ ...filters, variant });
  const funnel = useConsoleData(
    () => (variant === '' ? Promise.resolve(null) : getJson(`/analytics/funnel${funnelQuery}`, FunnelReportSchema)),
    funnelQuery,
  );

  return (
    <section className="console-screen" aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics</h1>
      <FilterBar filters={filters} onChange={setFilters} />
      {variants.state !== 'ready' && (
        <LoadStatus state={variants.state} error={variants.error} onRetry={variants.reload} />
      )}
      {variants.state === 'ready' && list.length === 0 && (
        <p className="console-muted">No survey sessions in these days.</p>
      )}
      {list.length > 0 && (
        <div className="console-tabs analytics-variants" role="tablist" aria-label="Variant">
          {list.map((v) => (
            <button
              key={v.variant}
              type="button"
              role="tab"
              aria-selected={v.variant === variant}
              className={v.variant === variant ? 'console-button' : 'console-button console-button-quiet'}
              onClick={() => setChosen(v.variant)}
            >
              {v.variant} <span className="analytics-tab-count">{count(v.sessions)}</span>
            </button>
          ))}
        </div>
      )}
      {funnel.state === 'failed' && <LoadStatus state="failed" error={funnel.error} onRetry={funnel.reload} />}
      {funnel.state === 'ready' && funnel.data && <FunnelView report={funnel.data} />}
    </section>
  );
}
