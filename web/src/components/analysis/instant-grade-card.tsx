import { Gauge } from 'lucide-react';
import type { InstantGrade } from '@/lib/api-client';
import { formatDate, formatRate } from '@/lib/format';
import { GradeBadge } from './grade-badge';

/**
 * The automatic grade computed the moment a quote is submitted, with its reasons and the
 * market figure it used. It stands in until a licensed loan officer's grade replaces it.
 */
export function InstantGradeCard({ grade }: { grade: InstantGrade }) {
  const { market } = grade;
  return (
    <section aria-labelledby="instant-grade-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-5">
        <GradeBadge grade={grade.grade} />
        <div>
          <h2 id="instant-grade-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <Gauge aria-hidden="true" className="size-5 text-blue-700" />
            Instant estimate
          </h2>
          <p className="text-sm text-slate-700">
            Computed automatically from today&apos;s market figures. A licensed loan officer is reviewing your quote; their grade will replace
            this estimate.
          </p>
        </div>
      </div>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-800">
        {grade.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600">
        Market figure: {market.label} of {formatRate(market.rate)}, week of {formatDate(`${market.week}T12:00:00Z`)} ({market.source}).
      </p>
    </section>
  );
}
