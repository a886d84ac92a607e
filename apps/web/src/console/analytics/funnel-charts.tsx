/** The analytics charts (Recharts, SVG): reach and drop-off per step, median time, DQ reasons. */
import type { FunnelReportAnswer } from '@app/funnel';
import { useSyncExternalStore } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';

import { wrapLabel } from './wrap-label';

type Steps = FunnelReportAnswer['steps'];

const COLORS = { answered: '#2563eb', dropped: '#dc2626', skipped: '#cbd5e1', time: '#0f766e', dq: '#b45309' };
const heightFor = (rows: number) => Math.max(160, 28 * rows + 60);

const NARROW = '(max-width: 600px)';
/** On a phone the step names get a narrower axis, so the bars keep most of the width. */
function useAxisWidth(): number {
  const narrow = useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
  return narrow ? 118 : 170;
}

/** Legend labels in the text colour (Recharts colours them like their series, too pale for a light one). */
const legendText = (value: string) => <span style={{ color: '#1f2937' }}>{value}</span>;

export function StepChart(props: { steps: Steps }) {
  const axis = useAxisWidth();
  const data = props.steps.map((s) => ({ step: s.id, answered: s.completed, dropped: s.dropOff, skipped: s.skipped }));
  return (
    <div className="analytics-chart" role="img" aria-label="Sessions per step: answered, dropped off, skipped">
      <ResponsiveContainer width="100%" height={heightFor(data.length)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} />
          <YAxis type="category" dataKey="step" width={axis} tick={{ fontSize: axis < 170 ? 9 : 11 }} interval={0} />
          <Tooltip />
          <Legend formatter={legendText} />
          <Bar dataKey="answered" name="Answered" stackId="s" fill={COLORS.answered} isAnimationActive={false} />
          <Bar dataKey="dropped" name="Dropped off" stackId="s" fill={COLORS.dropped} isAnimationActive={false} />
          <Bar
            dataKey="skipped"
            name="Skipped (other branch)"
            stackId="s"
            fill={COLORS.skipped}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function TimeChart(props: { steps: Steps }) {
  const axis = useAxisWidth();
  const data = props.steps
    .filter((s) => s.medianMs !== null)
    .map((s) => ({ step: s.id, seconds: Math.round((s.medianMs ?? 0) / 100) / 10 }));
  return (
    <div className="analytics-chart" role="img" aria-label="Median seconds on each step">
      <ResponsiveContainer width="100%" height={heightFor(data.length)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" unit=" s" />
          <YAxis type="category" dataKey="step" width={axis} tick={{ fontSize: axis < 170 ? 9 : 11 }} interval={0} />
          <Tooltip />
          <Bar dataKey="seconds" name="Median seconds" fill={COLORS.time} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A DQ reason's label wrapped on as many lines as it needs (issue 29: never cut), the whole text as its title. */
function ReasonTick(props: { x?: number | string; y?: number | string; payload?: { value?: unknown }; axis: number }) {
  const value = props.payload?.value;
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const { fontSize, lines } = reasonLines(text, props.axis);
  const top = -((lines.length - 1) * fontSize * LINE) / 2;
  return (
    <text x={props.x} y={props.y} textAnchor="end" fontSize={fontSize} fill="#475569" dominantBaseline="central">
      <title>{text}</title>
      {lines.map((line, i) => (
        <tspan key={i} x={props.x} dx={-4} dy={i === 0 ? top : fontSize * LINE}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

const LINE = 1.2;
/** The reason's lines at the axis width (about 0.58 em per character of the console's sans-serif). */
function reasonLines(text: string, axis: number): { fontSize: number; lines: string[] } {
  const fontSize = axis < 170 ? 9 : 11;
  return { fontSize, lines: wrapLabel(text, (axis - 8) / (fontSize * 0.58)) };
}

export function DqChart(props: { reasons: FunnelReportAnswer['dqReasons'] }) {
  const axis = useAxisWidth();
  const row = Math.max(
    28,
    ...props.reasons.map((r) => {
      const { fontSize, lines } = reasonLines(r.reason, axis);
      return lines.length * fontSize * LINE + 10;
    }),
  );
  return (
    <div className="analytics-chart" role="img" aria-label="Disqualified leads by reason">
      <ResponsiveContainer width="100%" height={Math.max(160, row * props.reasons.length + 60)}>
        <BarChart data={props.reasons} layout="vertical" margin={{ left: 8, right: 16 }}>
          <XAxis type="number" allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="reason"
            width={axis}
            tick={(tick: YAxisTickContentProps) => (
              <ReasonTick x={tick.x} y={tick.y} payload={tick.payload} axis={axis} />
            )}
            interval={0}
          />
          <Tooltip />
          <Bar dataKey="leads" name="Leads" fill={COLORS.dq} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
