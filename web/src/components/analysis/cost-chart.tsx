import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Schema } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';

type QuotesCompared = Schema<'QuotesCompared'>;

// Told apart by dash pattern as well as colour, so the lines do not rely on colour alone.
const LINES = [
  { stroke: '#1d4ed8', dash: undefined },
  { stroke: '#15803d', dash: '8 4' },
  { stroke: '#b45309', dash: '3 3' },
  { stroke: '#7e22ce', dash: '12 4 3 4' },
];

type Point = { year: number } & Record<string, number>;

export function chartPoints(comparison: QuotesCompared): Point[] {
  const years = Math.max(...comparison.quotes.map((quote) => quote.cost_by_year.length));
  return Array.from({ length: years }, (_, year) => {
    const point: Point = { year };
    for (const quote of comparison.quotes) {
      const cost = quote.cost_by_year[year];
      if (cost !== undefined) point[`q${quote.index}`] = cost;
    }
    return point;
  });
}

/**
 * The money axis' ticks: from $0 up past the largest cost in four or five
 * round steps. Left to itself the chart made its steps from the lowest
 * value too, so a quote starting with a $1,010 credit pushed the axis down
 * to -$90,000 with nothing drawn there.
 */
export function costTicks(points: Point[]): number[] {
  const most = Math.max(0, ...points.flatMap((point) => Object.entries(point).filter(([key]) => key !== 'year').map(([, cost]) => cost)));
  if (most === 0) return [0];
  const rough = most / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  return Array.from({ length: Math.ceil(most / step) + 1 }, (_, i) => i * step);
}

/** Issue 29: each quote's cost over the years, the visitor's horizon marked. */
export default function CostChart({ comparison }: { comparison: QuotesCompared }) {
  const points = chartPoints(comparison);
  const ticks = costTicks(points);
  const horizonYears = comparison.horizon_months / 12;
  return (
    <figure className="mt-6">
      {/* A picture for sighted visitors; the caption and the table above say the same in words. */}
      <div role="img" aria-label={`Cost of each quote over the years; ${comparison.summary}`} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 5, right: 10, bottom: 20, left: 10 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" />
            <XAxis dataKey="year" type="number" domain={[0, 'dataMax']} allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} label={{ value: 'Years', position: 'insideBottom', offset: -10, fill: '#334155' }} />
            <YAxis
              ticks={ticks}
              domain={[(lowest: number) => Math.min(0, lowest), ticks[ticks.length - 1]]}
              tick={{ fontSize: 12, fill: '#334155' }}
              width={80}
              tickFormatter={(value: number) => formatMoney(value)}
            />
            <Tooltip formatter={(value) => formatMoney(Number(value))} labelFormatter={(year) => `After ${year} years`} />
            <Legend verticalAlign="top" />
            <ReferenceLine x={horizonYears} stroke="#334155" strokeDasharray="2 2" label={{ value: 'Your horizon', fill: '#334155', fontSize: 12 }} />
            {comparison.quotes.map((quote, i) => (
              <Line
                key={quote.index}
                type="monotone"
                dataKey={`q${quote.index}`}
                name={quote.name}
                stroke={LINES[i % LINES.length].stroke}
                strokeDasharray={LINES[i % LINES.length].dash}
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-sm text-slate-700">
        Cumulative cost of each quote (closing costs, interest and mortgage insurance) at the end of each year; the dashed vertical line is how
        long you expect to keep the loan.
      </figcaption>
    </figure>
  );
}
