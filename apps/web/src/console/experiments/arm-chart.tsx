/** Qualified leads per visitor of each arm with its 95% interval (Recharts error bars). */
import type { ExperimentReport } from '@app/funnel';
import { Bar, BarChart, CartesianGrid, ErrorBar, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function ArmChart(props: { arms: ExperimentReport['arms'] }) {
  const data = props.arms.map((a) => ({
    arm: a.arm,
    rate: a.qualification.rate * 100,
    error: [(a.qualification.rate - a.qualification.low) * 100, (a.qualification.high - a.qualification.rate) * 100],
  }));
  return (
    <div className="analytics-chart" role="img" aria-label="Qualified leads per visitor by arm, with 95% intervals">
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={data} margin={{ left: 8, right: 16, top: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="arm" />
          <YAxis unit="%" />
          <Tooltip formatter={(value) => `${Number(value).toFixed(1)}%`} />
          <Bar dataKey="rate" name="Qualified per visitor" fill="#2563eb" isAnimationActive={false}>
            <ErrorBar dataKey="error" width={6} stroke="#0f172a" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
