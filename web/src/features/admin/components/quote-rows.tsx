import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { useFieldArray, type Control, type UseFormGetValues, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/button';
import { NumberField } from '@/components/form/number-field';
import type { Schema } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { requestMortgageInsuranceEstimate } from '@/lib/mortgage';
import { emptyQuoteRow, type AprInputs, type EditorValues } from '../editor';

type QuoteRequest = Schema<'QuoteRequest'>;

type QuoteRowsProps = {
  control: Control<EditorValues>;
  register: UseFormRegister<EditorValues>;
  getValues: UseFormGetValues<EditorValues>;
  setValue: UseFormSetValue<EditorValues>;
  request: QuoteRequest;
  /** The math core's APR for a row (spec: "APR prefilled from the math core, still editable"). */
  onPrefillApr?: (inputs: AprInputs) => number | null;
};

const isNumeric = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

/** The alternative quotes: rate and lender fees step 0.01, APR 0.001, insurance optional. */
export function QuoteRows({ control, register, getValues, setValue, request, onPrefillApr }: QuoteRowsProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'quotes' });
  // Rows whose APR came from the math core: recomputed on edits until the broker types their own.
  const prefilled = useRef(new Set<string>());
  // A purchase under 20% down: a row left without insurance is compared with the estimate, and says so (issue 25).
  const miEstimate = requestMortgageInsuranceEstimate(request);
  const miHint =
    miEstimate === null ? undefined : `MI estimate: left blank, this quote is compared with an estimated ${formatMoney(miEstimate)} a month (under 20% down).`;

  const prefill = (index: number, rowId: string) => {
    if (!onPrefillApr) return;
    const row = getValues(`quotes.${index}`);
    if (row.apr.trim() !== '' && !prefilled.current.has(rowId)) return;
    if (!isNumeric(row.rate) || !isNumeric(row.lenderFees)) return;
    const apr = onPrefillApr({
      rate: Number(row.rate),
      lenderFees: Number(row.lenderFees),
      mortgageInsurance: isNumeric(row.mortgageInsurance) ? Number(row.mortgageInsurance) : null,
      request,
    });
    if (apr == null) return;
    prefilled.current.add(rowId);
    setValue(`quotes.${index}.apr`, apr.toFixed(3), { shouldValidate: false });
  };

  return (
    <fieldset className="space-y-4">
      <legend className="font-medium text-slate-900">Quotes</legend>
      {fields.map((field, index) => (
        <fieldset key={field.id} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">Quote {index + 1}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField control={control} name={`quotes.${index}.rate`} id={`quote-${index}-rate`} label="Rate" suffix="%" step={0.01} min={0} max={100}
              onValueChange={() => prefill(index, field.id)} />
            <NumberField control={control} name={`quotes.${index}.lenderFees`} id={`quote-${index}-fees`} label="Lender fees" prefix="$" creditLabel="This is a credit from the lender" onValueChange={() => prefill(index, field.id)} />
            <NumberField control={control} name={`quotes.${index}.mortgageInsurance`} id={`quote-${index}-mi`} label="Monthly mortgage insurance (optional)"
              prefix="$" hint={miHint} onValueChange={() => prefill(index, field.id)} />
            <NumberField control={control} name={`quotes.${index}.apr`} id={`quote-${index}-apr`} label="APR" suffix="%" step={0.001} min={0} max={100}
              onValueChange={() => prefilled.current.delete(field.id)} />
          </div>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <label className="flex items-center gap-2 text-slate-900">
              <input type="checkbox" className="size-4 accent-blue-700" {...register(`quotes.${index}.isRecommended`)} />
              Recommended
            </label>
            {fields.length > 1 && (
              <Button variant="ghost" onClick={() => remove(index)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove quote {index + 1}
              </Button>
            )}
          </div>
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => append(emptyQuoteRow())}>
        <Plus aria-hidden="true" className="size-4" />
        Add quote
      </Button>
    </fieldset>
  );
}
