/**
 * A new experiment: a landing path and two or more arms (variants and weights), checked with the schema
 * the server saves with before it is sent; the server's own refusals (a path another experiment runs on)
 * are shown as it words them.
 */
import { allFlows, ExperimentReportSchema, funnelPaths, resolveRoute, type ExperimentConfigSchema } from '@app/funnel';
import { useState } from 'react';
import type { z } from 'zod';
import { sendJson } from '../api/console-client';
import { configProblems } from './config-problems';
import { problemText } from './problem-text';

interface DraftArm {
  id: string;
  variant: string;
  weight: string;
}

export function NewExperiment(props: { existing: readonly { id: string }[]; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [path, setPath] = useState('/survey');
  const [arms, setArms] = useState<DraftArm[]>([
    { id: 'control', variant: 'extended', weight: '50' },
    { id: 'challenger', variant: 'variant-a', weight: '50' },
  ]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!open) {
    return (
      <button type="button" className="console-button" onClick={() => setOpen(true)}>
        New experiment
      </button>
    );
  }
  const draft = {
    id,
    name,
    path,
    status: 'running' as const,
    arms: arms.map((a) => ({ id: a.id, variant: a.variant, weight: a.weight === '' ? Number.NaN : Number(a.weight) })),
  };
  const problems = [
    ...configProblems(draft),
    ...(props.existing.some((e) => e.id === id) ? [`id: ${id} already exists`] : []),
  ];
  const setArm = (i: number, change: Partial<DraftArm>) =>
    setArms(arms.map((a, k) => (k === i ? { ...a, ...change } : a)));
  const save = () => {
    const body: z.input<typeof ExperimentConfigSchema> = draft;
    setBusy(true);
    sendJson('PUT', `/experiments/${encodeURIComponent(id)}`, body, ExperimentReportSchema).then(
      () => {
        setBusy(false);
        setOpen(false);
        props.onSaved();
      },
      (e: unknown) => {
        setBusy(false);
        setError(problemText(e));
      },
    );
  };
  return (
    <form
      className="console-card"
      aria-labelledby="new-experiment"
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0) save();
      }}
    >
      <h2 id="new-experiment">New experiment</h2>
      <div className="console-filters analytics-filters">
        <label className="console-field">
          Id
          <input value={id} onChange={(e) => setId(e.target.value)} placeholder="survey-vs-a" />
        </label>
        <label className="console-field">
          Name
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="console-field">
          Landing path
          <select value={path} onChange={(e) => setPath(e.target.value)}>
            {funnelPaths().map((p) => (
              <option key={p} value={p}>
                {p} ({resolveRoute(p)?.variant})
              </option>
            ))}
          </select>
        </label>
      </div>
      {arms.map((arm, i) => (
        <fieldset key={i} className="console-filters analytics-filters">
          <legend>Arm {i + 1}</legend>
          <label className="console-field">
            Arm id
            <input value={arm.id} onChange={(e) => setArm(i, { id: e.target.value })} />
          </label>
          <label className="console-field">
            Variant
            <select value={arm.variant} onChange={(e) => setArm(i, { variant: e.target.value })}>
              {allFlows().map((f) => (
                <option key={f.id} value={f.id}>
                  {f.id}
                </option>
              ))}
            </select>
          </label>
          <label className="console-field">
            Weight
            <input
              type="number"
              min={0}
              max={1000}
              value={arm.weight}
              onChange={(e) => setArm(i, { weight: e.target.value })}
            />
          </label>
          {arms.length > 2 && (
            <button
              type="button"
              className="console-button console-button-quiet"
              onClick={() => setArms(arms.filter((_, k) => k !== i))}
            >
              Remove
            </button>
          )}
        </fieldset>
      ))}
      <div className="console-actions">
        <button
          type="button"
          className="console-button console-button-quiet"
          onClick={() => setArms([...arms, { id: `arm-${arms.length + 1}`, variant: 'extended', weight: '0' }])}
        >
          Add an arm
        </button>
        <button type="submit" className="console-button" disabled={busy || problems.length > 0}>
          Start experiment
        </button>
        <button type="button" className="console-button console-button-quiet" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {problems.length > 0 && (id !== '' || name !== '') && (
        <ul className="console-alert console-errors" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {error && (
        <p className="console-alert" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
