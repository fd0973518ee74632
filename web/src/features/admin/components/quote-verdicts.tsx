import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { horizonText } from '@/components/analysis/quotes-side-by-side';
import { SelectField, TextAreaField } from '@/components/form/field';
import type { Schema } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { rateWithAprText } from '@/lib/quote-display';
import { GRADES, type EditorValues } from '../editor';

type QuoteRequest = Schema<'QuoteRequest'>;

type QuoteVerdictsProps = {
  request: QuoteRequest;
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  errors: FieldErrors<EditorValues>;
};

/**
 * The quote's APR as the comparison gives it, else the one the server computes for the visitor's quote
 * (visitor_quotes[].apr); a rate neither describes says it is an interest rate, as the visitor's pages do.
 */
const aprOf = (request: QuoteRequest, index: number, compared: number | null) => compared ?? request.visitor_quotes[index]?.apr ?? null;

/** "Bonneville Bank" or "Quote 2". */
function quoteName(request: QuoteRequest, index: number): string {
  return request.comparison?.quotes.find((quote) => quote.index === index)?.name ?? request.visitor_quotes[index]?.lenderName ?? `Quote ${index + 1}`;
}

/**
 * Issue 29: the broker's verdict on each of the visitor's quotes, beside its figures from the
 * comparison: a grade, pros and cons (one a line), and whether the broker recommends it.
 */
export function QuoteVerdicts({ request, control, register, errors }: QuoteVerdictsProps) {
  const verdicts = useWatch({ control, name: 'verdicts' });
  const comparison = request.comparison;
  const listError = (errors.verdicts as { message?: string; root?: { message?: string } } | undefined);
  const oneRecommended = listError?.message ?? listError?.root?.message;
  return (
    <fieldset className="space-y-4">
      <legend className="font-medium text-slate-900">Your verdict on each of the visitor&apos;s quotes</legend>
      {comparison && <p className="text-sm text-slate-700">{comparison.summary}</p>}
      {oneRecommended && (
        <p role="alert" className="font-medium text-red-700">
          {oneRecommended}
        </p>
      )}
      {verdicts.map((_, index) => {
        const figures = comparison?.quotes.find((quote) => quote.index === index);
        const name = quoteName(request, index);
        const fieldErrors = errors.verdicts?.[index];
        return (
          <section key={index} aria-label={`Verdict on ${name}`} className="space-y-3 rounded-lg border border-slate-300 p-4">
            <h3 className="font-bold text-slate-900">
              Quote {index + 1}: {name}
            </h3>
            {figures ? (
              <p className="text-sm text-slate-800">
                {rateWithAprText(figures.rate, aprOf(request, index, figures.apr))}, {formatMoney(figures.monthly_payment)} a month, closing
                costs {formatMoney(figures.closing_costs)}, cost over {horizonText(comparison!.horizon_months)} {formatMoney(figures.cost_at_horizon)} (ranked{' '}
                {figures.rank} of {comparison!.quotes.length})
              </p>
            ) : (
              <p className="text-sm text-slate-800">Not priced yet: the visitor gave no rate for this quote.</p>
            )}
            <div className="max-w-xs">
              <SelectField label={`Grade of ${name}`} placeholder="No grade" options={GRADES.map((grade) => ({ value: grade, label: grade }))}
                error={fieldErrors?.grade?.message} {...register(`verdicts.${index}.grade` as const)} />
            </div>
            <div className="grid gap-3 md:grid-cols-2">
              <TextAreaField label={`Pros of ${name} (one a line)`} rows={3} error={fieldErrors?.pros?.message} {...register(`verdicts.${index}.pros` as const)} />
              <TextAreaField label={`Cons of ${name} (one a line)`} rows={3} error={fieldErrors?.cons?.message} {...register(`verdicts.${index}.cons` as const)} />
            </div>
            <label className="flex items-center gap-2 text-slate-900">
              <input type="checkbox" className="size-4" {...register(`verdicts.${index}.recommended` as const)} />
              Recommend {name}
            </label>
          </section>
        );
      })}
    </fieldset>
  );
}
