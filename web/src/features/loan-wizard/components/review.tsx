import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { LiveMessage } from '@/components/live-message';
import { answerText } from '../answers';
import { stepLabel, visibleStepIds, type StepId, type WizardContext } from '../steps';
import { STEP_TITLE_ID } from './step-frame';

type ReviewProps = {
  ctx: WizardContext;
  /** Server messages per step, from a refused submission. */
  errors: Partial<Record<StepId, string>>;
  formError: string | null;
  submitting: boolean;
  onEdit: (step: StepId) => void;
  onSubmit: () => void;
};

export function Review({ ctx, errors, formError, submitting, onEdit, onSubmit }: ReviewProps) {
  return (
    <Card padding={6} shadow="sm" aria-labelledby={STEP_TITLE_ID}>
      <h2 id={STEP_TITLE_ID} tabIndex={-1} className="text-xl font-bold text-slate-900 sm:text-2xl">
        Review your answers
      </h2>
      <p className="mt-2 text-slate-700">Check everything looks right, then send it to our loan officers.</p>

      <dl className="mt-6 divide-y divide-slate-200">
        {visibleStepIds(ctx).map((id) => (
          <div key={id} className="grid grid-cols-[1fr_auto] items-start gap-x-4 py-3">
            <dt className="col-start-1 text-sm text-slate-600">{stepLabel(id)}</dt>
            <dd className="col-start-1 font-semibold text-slate-900">
              {answerText(id, ctx) || '—'}
              {errors[id] && <span className="block text-sm font-medium text-red-700">{errors[id]}</span>}
            </dd>
            <dd className="col-start-2 row-span-2 row-start-1 self-center">
              <Button variant="ghost" onClick={() => onEdit(id)} aria-label={`Edit ${stepLabel(id)}`}>
                Edit
              </Button>
            </dd>
          </div>
        ))}
      </dl>

      <LiveMessage tone="error" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {formError}
      </LiveMessage>

      <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={onSubmit} disabled={submitting}>
        {submitting ? 'Submitting…' : 'Submit'}
      </Button>
    </Card>
  );
}
