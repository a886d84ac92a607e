/**
 * Experiments (issue 16): each experiment's arms with their visitors, completion and qualification
 * rates per visitor (95% Wilson intervals), revenue per visitor (what buyers accepted, with a 95% normal
 * interval) and the probability that each arm is best (Beta posteriors, seeded Monte Carlo), so an
 * operator sees which variant wins and stops the losers: weights and status are edited here, checked
 * with the same schema the server saves with (ExperimentConfigSchema), and a new experiment is made here.
 */
import {
  ExperimentListSchema,
  type ExperimentConfigSchema,
  ExperimentReportSchema,
  type ExperimentConfig,
  type ExperimentReport,
} from '@app/funnel';
import { useState } from 'react';
import type { z } from 'zod';
import { getJson, sendJson } from '../api/console-client';
import { LoadStatus } from '../app/load-status';
import { useConsoleData } from '../app/use-console-data';
import { count, dollars, percent } from '../analytics/format';
import { ArmChart } from './arm-chart';
import { configProblems } from './config-problems';
import { problemText } from './problem-text';
import { NewExperiment } from './new-experiment';
import '../analytics/analytics.css';

type Message = { kind: 'ok' | 'error'; text: string } | null;

/** P(best), or a dash while an arm has no visitor (experiment-stats.ts: nothing to compare yet). */
function ProbabilityBest(props: { value: number | null }) {
  if (props.value !== null) return <>{percent(props.value, 0)}</>;
  return (
    <span className="console-muted" title="An arm has no visitor yet: nothing to compare">
      — not enough data
    </span>
  );
}

function Interval(props: { low: number; high: number | null; format: (n: number) => string }) {
  return (
    <span className="experiment-interval">
      {props.format(props.low)} – {props.high === null ? '?' : props.format(props.high)}
    </span>
  );
}

function ExperimentCard(props: { report: ExperimentReport; onSaved: () => void }) {
  const { config } = props.report;
  const [weights, setWeights] = useState<Record<string, string>>(() =>
    Object.fromEntries(config.arms.map((a) => [a.id, String(a.weight)])),
  );
  const [status, setStatus] = useState(config.status);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const draft = {
    ...config,
    status,
    arms: config.arms.map((a) => ({ ...a, weight: weights[a.id] === '' ? Number.NaN : Number(weights[a.id]) })),
  };
  const problems = configProblems(draft);
  const changed = status !== config.status || config.arms.some((a) => String(a.weight) !== weights[a.id]);
  const bestQualified = Math.max(...props.report.arms.map((a) => a.pBestQualified ?? 0));

  const save = () => {
    const body: z.input<typeof ExperimentConfigSchema> = draft;
    setBusy(true);
    sendJson('PUT', `/experiments/${encodeURIComponent(config.id)}`, body, ExperimentReportSchema).then(
      () => {
        setBusy(false);
        setMessage({ kind: 'ok', text: 'Saved: new visitors are assigned with these weights.' });
        props.onSaved();
      },
      (error: unknown) => {
        setBusy(false);
        setMessage({ kind: 'error', text: problemText(error) });
      },
    );
  };

  return (
    <section className="console-card" aria-labelledby={`experiment-${config.id}`} data-experiment={config.id}>
      <div className="experiment-head">
        <h2 id={`experiment-${config.id}`}>{config.name}</h2>
        <span className="console-muted">
          {config.path} · {config.id}
        </span>
      </div>
      <div className="console-table-wrap">
        <table className="console-table console-table-compact experiment-arms">
          <thead>
            <tr>
              <th scope="col">Arm</th>
              <th scope="col">Variant</th>
              <th scope="col">Weight</th>
              <th scope="col">Visitors</th>
              <th scope="col">Leads</th>
              <th scope="col">Completion (95%)</th>
              <th scope="col">Qualified (95%)</th>
              <th scope="col">Revenue / visitor (95%)</th>
              <th scope="col">P(best) qualified</th>
              <th scope="col">P(best) completion</th>
            </tr>
          </thead>
          <tbody>
            {props.report.arms.map((arm) => (
              <tr key={arm.arm} data-arm={arm.arm}>
                <th scope="row">{arm.arm}</th>
                <td>{arm.variant}</td>
                <td>
                  <input
                    type="number"
                    min={0}
                    max={1000}
                    step={1}
                    aria-label={`Weight of ${arm.arm}`}
                    value={weights[arm.arm] ?? ''}
                    onChange={(e) => setWeights({ ...weights, [arm.arm]: e.target.value })}
                  />
                </td>
                <td data-col="visitors">{count(arm.visitors)}</td>
                <td data-col="leads">{count(arm.leads)}</td>
                <td data-col="completion">
                  {percent(arm.completion.rate)}
                  <Interval low={arm.completion.low} high={arm.completion.high} format={percent} />
                </td>
                <td data-col="qualification">
                  {percent(arm.qualification.rate)}
                  <Interval low={arm.qualification.low} high={arm.qualification.high} format={percent} />
                </td>
                <td data-col="revenue">
                  {dollars(arm.revenuePerVisitor.mean)}
                  <Interval low={arm.revenuePerVisitor.low} high={arm.revenuePerVisitor.high} format={dollars} />
                </td>
                <td
                  data-col="pBestQualified"
                  className={arm.pBestQualified === bestQualified ? 'experiment-best' : undefined}
                >
                  <ProbabilityBest value={arm.pBestQualified} />
                </td>
                <td data-col="pBestCompletion">
                  <ProbabilityBest value={arm.pBestCompletion} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ArmChart arms={props.report.arms} />
      <p className="console-muted">
        Rates are per visitor assigned to the arm. Revenue is what buyers accepted: the price of each accepted delivery
        of the arm&apos;s leads. P(best): the chance the arm&apos;s true rate is the highest (uniform prior, 10,000
        seeded draws), shown once every arm has a visitor. A weight of 0 stops an arm: its visitors keep it, no new
        visitor gets it.
      </p>
      <form
        className="console-actions"
        onSubmit={(e) => {
          e.preventDefault();
          if (problems.length === 0 && changed) save();
        }}
      >
        <label className="console-field">
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value === 'stopped' ? 'stopped' : 'running')}>
            <option value="running">Running</option>
            <option value="stopped">Stopped (the path shows its own variant)</option>
          </select>
        </label>
        <button type="submit" className="console-button" disabled={busy || !changed || problems.length > 0}>
          Save
        </button>
      </form>
      {problems.length > 0 && (
        <ul className="console-alert console-errors" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {message && (
        <p
          className={message.kind === 'ok' ? 'console-ok' : 'console-alert'}
          role={message.kind === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}

export default function ExperimentsScreen() {
  const loaded = useConsoleData(() => getJson('/experiments', ExperimentListSchema), 'experiments');
  const { reload } = loaded;
  const [round, setRound] = useState(0);
  const saved = () => {
    setRound((n) => n + 1);
    reload();
  };
  const existing: ExperimentConfig[] = loaded.state === 'ready' ? loaded.data.experiments.map((e) => e.config) : [];
  return (
    <section className="console-screen" aria-labelledby="experiments-title">
      <h1 id="experiments-title">Experiments</h1>
      {loaded.state !== 'ready' && <LoadStatus state={loaded.state} error={loaded.error} onRetry={reload} />}
      {loaded.state === 'ready' && loaded.data.experiments.length === 0 && (
        <p className="console-muted">No experiment yet.</p>
      )}
      {loaded.state === 'ready' &&
        loaded.data.experiments.map((report) => (
          <ExperimentCard key={`${report.config.id}-${report.updatedAt}-${round}`} report={report} onSaved={saved} />
        ))}
      <NewExperiment existing={existing} onSaved={saved} />
    </section>
  );
}
