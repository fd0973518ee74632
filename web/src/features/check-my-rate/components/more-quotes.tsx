import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { Button } from '@/components/button';
import { SelectField, TextField } from '@/components/form/field';
import { NumberField, RateField } from '@/components/form/number-field';
import { useAnnounce } from '@/lib/announce';
import type { Schema } from '@/lib/api-client';
import type { UploadedQuote } from '@/lib/storage';
import { MAX_MORE_QUOTES, type QuoteDetailsFormInput, type QuoteDetailsFormOutput } from '../schemas';
import { QuoteUpload } from './quote-upload';

type CheckedUpload = Schema<'CheckedUpload'>;
type Rule = { hasUpload: boolean; moreUploads: boolean[] };

/** Quote B, C, D: the first quote is A. */
export const quoteLetter = (index: number) => String.fromCharCode(66 + index);

/** How long the visitor expects to keep the loan; seven years chosen until they say otherwise. */
export const HORIZONS = [
  { value: '36', label: '3 years' },
  { value: '60', label: '5 years' },
  { value: '84', label: '7 years' },
  { value: '120', label: '10 years' },
  { value: '180', label: '15 years' },
  { value: '360', label: '30 years (the whole loan)' },
  { value: '', label: 'Not sure' },
] as const;
export const DEFAULT_HORIZON = '84';

type Props = {
  control: Control<QuoteDetailsFormInput, Rule, QuoteDetailsFormOutput>;
  register: UseFormRegister<QuoteDetailsFormInput>;
  setValue: UseFormSetValue<QuoteDetailsFormInput>;
  errors: FieldErrors<QuoteDetailsFormInput>;
  uploads: (UploadedQuote | null)[];
  setUploads: (uploads: (UploadedQuote | null)[]) => void;
};

/**
 * Issue 29: a second, third and fourth quote beside the first, each typed or
 * read from its own Loan Estimate, and how long the loan will be kept, so the
 * results can put them side by side.
 */
export function MoreQuotes({ control, register, setValue, errors, uploads, setUploads }: Props) {
  const quotes = useFieldArray({ control, name: 'moreQuotes' });
  const setAnnouncement = useAnnounce();

  const add = () => {
    quotes.append({ lenderName: '', rate: '', points: '', lenderFees: '', mortgageInsurance: '' }, { focusName: `moreQuotes.${quotes.fields.length}.lenderName` });
    setUploads([...uploads, null]);
    setAnnouncement(`Quote ${quoteLetter(quotes.fields.length)} added`);
  };
  const remove = (index: number) => {
    quotes.remove(index);
    setUploads(uploads.filter((_, i) => i !== index));
    setAnnouncement(`Quote ${quoteLetter(index)} removed`);
  };
  const uploaded = (index: number) => (upload: UploadedQuote, checked: CheckedUpload) => {
    setUploads(uploads.map((u, i) => (i === index ? upload : u)));
    const le = checked.loanEstimate;
    if (!le) return;
    const set = (field: 'rate' | 'points' | 'lenderFees' | 'mortgageInsurance', value: number | null | undefined) => {
      if (value != null) setValue(`moreQuotes.${index}.${field}`, String(Math.round(value * 1000) / 1000), { shouldDirty: true });
    };
    set('rate', le.interestRate);
    set('mortgageInsurance', le.mortgageInsurance);
    if (le.lenderName) setValue(`moreQuotes.${index}.lenderName`, le.lenderName, { shouldDirty: true });
    // The file's lender fees include its points; this form asks for them apart.
    if (le.points != null && le.loanAmount && le.lenderFees != null) {
      set('points', (le.points / le.loanAmount) * 100);
      set('lenderFees', le.lenderFees - le.points);
    } else {
      set('lenderFees', le.lenderFees);
    }
  };

  return (
    <fieldset className="space-y-4 border-t border-slate-200 pt-6">
      <legend className="sr-only">Compare more quotes</legend>
      <h3 className="text-lg font-bold text-slate-900">Compare more quotes (optional)</h3>
      <p className="text-slate-700">
        Got quotes from other lenders? Add up to {MAX_MORE_QUOTES} more and we'll put them side by side on the same loan: which costs least for
        as long as you expect to keep it, and when a lower rate pays back higher fees.
      </p>
      {quotes.fields.length > 0 && (
        <TextField label="Lender of your first quote (optional)" hint="So the comparison can name it; otherwise it is Quote A." {...register('lenderName')} error={errors.lenderName?.message} />
      )}
      {quotes.fields.map((field, index) => {
        const letter = quoteLetter(index);
        const fieldErrors = errors.moreQuotes?.[index];
        return (
          <section key={field.id} aria-labelledby={`quote-${letter}-title`} className="space-y-4 rounded-xl border border-slate-300 p-4">
            <div className="flex items-center justify-between gap-2">
              <h4 id={`quote-${letter}-title`} className="text-base font-bold text-slate-900">
                Quote {letter}
              </h4>
              <Button variant="ghost" onClick={() => remove(index)} aria-label={`Remove quote ${letter}`}>
                <Trash2 aria-hidden="true" className="size-4" />
                Remove
              </Button>
            </div>
            <TextField label={`Quote ${letter}: lender name (optional)`} {...register(`moreQuotes.${index}.lenderName`)} error={fieldErrors?.lenderName?.message} />
            <QuoteUpload
              idPrefix={`quote-${letter}-`}
              headingLevel={4}
              title={`Quote ${letter}: upload its Loan Estimate (optional)`}
              fileLabel={`Quote ${letter}: Loan Estimate or quote file`}
              uploaded={uploads[index] ?? null}
              onUploaded={uploaded(index)}
              onRemove={() => setUploads(uploads.map((u, i) => (i === index ? null : u)))}
            />
            <RateField
              control={control}
              name={`moreQuotes.${index}.rate`}
              label={`Quote ${letter}: interest rate`}
              hint="The interest rate, not the APR."
            />
            <NumberField
              control={control}
              name={`moreQuotes.${index}.points`}
              label={`Quote ${letter}: points (optional)`}
              hint="Discount points, in percent of the loan amount (1 point is 1%)."
              min={0}
              max={10}
              step={0.125}
            />
            <NumberField
              control={control}
              name={`moreQuotes.${index}.lenderFees`}
              label={`Quote ${letter}: other lender fees or credit`}
              hint="Origination, underwriting, processing… less any lender credit; if the credit comes to more, enter the difference and tick the credit box below the amount. Points go above, not here."
              prefix="$"
              creditLabel={`Quote ${letter}: this is a credit from the lender`}
            />
            <NumberField
              control={control}
              name={`moreQuotes.${index}.mortgageInsurance`}
              label={`Quote ${letter}: monthly mortgage insurance (optional)`}
              prefix="$"
            />
          </section>
        );
      })}
      {quotes.fields.length < MAX_MORE_QUOTES && (
        <Button variant="secondary" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Add another quote
        </Button>
      )}
      {quotes.fields.length > 0 && (
        <SelectField
          label="How long do you expect to keep this loan?"
          hint="Until you sell or refinance. The cheapest quote depends on it: a lower rate bought with points only pays off if you keep the loan long enough."
          options={HORIZONS}
          {...register('horizon')}
        />
      )}
    </fieldset>
  );
}
