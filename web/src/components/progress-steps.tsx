import { Check } from 'lucide-react';

type ProgressStepsProps = {
  label: string;
  steps: readonly string[];
  /** Index of the step in progress; earlier steps are done. */
  current: number;
};

/** A short horizontal timeline: done, in progress, still to come. */
export function ProgressSteps({ label, steps, current }: ProgressStepsProps) {
  return (
    <ol aria-label={label} className="grid gap-3 sm:grid-cols-3">
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`flex items-center gap-3 rounded-xl border p-3 ${
              state === 'current' ? 'border-blue-700 bg-blue-50' : 'border-slate-200 bg-white'
            }`}
          >
            <span
              aria-hidden="true"
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                state === 'done' ? 'bg-green-700 text-white' : state === 'current' ? 'bg-blue-700 text-white' : 'bg-slate-200 text-slate-700'
              }`}
            >
              {state === 'done' ? <Check className="size-4" /> : index + 1}
            </span>
            <span className="font-medium text-slate-900">
              {step}
              <span className="sr-only">
                {state === 'done' ? ' (completed)' : state === 'current' ? ' (in progress)' : ' (not started)'}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
