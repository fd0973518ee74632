import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, Send } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { SelectField, TextAreaField } from '@/components/form/field';
import { NumberField, RateField } from '@/components/form/number-field';
import { RadioGroup } from '@/components/form/radio-group';
import { ApiError, type Schema } from '@/lib/api-client';
import { useSite } from '@/lib/site';
import { useSaveAnalysis } from '../api/analysis';
import {
  brokerQuoteUpdate,
  editorValidation,
  GRADES,
  hasBrokerQuote,
  horizonMonthsOf,
  horizonWords,
  initialValues,
  lenderOptions,
  MESSAGES,
  toSubmission,
  type AprInputs,
  type EditorValues,
  type SuggestedGrade,
} from '../editor';
import { QuoteRows } from './quote-rows';
import { QuoteVerdicts } from './quote-verdicts';
import { SuggestionsPanel } from './suggestions-panel';
import { TextListField } from './text-list-field';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

export type AnalysisEditorProps = {
  request: QuoteRequest;
  analysis: Analysis | null;
  /** Shows the visitor's view of the values as they stand, once they pass the editor's checks. */
  onPreview: (values: EditorValues) => void;
  /** The math core's instant grade, offered as the suggested grade. */
  suggestedGrade?: SuggestedGrade | null;
  /** The math core's APR for a quote row, prefilled and still editable. */
  onPrefillApr?: (inputs: AprInputs) => number | null;
  /** The form's heading and its Preview button, where the page moves focus after a submit or a preview. */
  titleRef?: RefObject<HTMLHeadingElement | null>;
  previewRef?: RefObject<HTMLButtonElement | null>;
};

const MODE_OPTIONS = [
  { value: 'recommendation', label: 'One overall recommendation' },
  { value: 'refinance', label: 'Refinance notes' },
] as const;

const SUBMIT_FAILED = 'Failed to submit analysis';

/** An array field's own message: zod puts it on the array, react-hook-form may keep it at root. */
function listError(errors: FieldErrors<EditorValues>, name: 'pros' | 'cons' | 'notes'): string | undefined {
  const error = errors[name] as { message?: string; root?: { message?: string } } | undefined;
  return error?.message ?? error?.root?.message;
}

/** The server's field names (spec section 7) onto the form's. */
function formField(serverField: string): string | null {
  if (serverField === 'recommendations') return 'recommendation';
  if (['lender', 'pros', 'cons', 'grade', 'notes', 'mode', 'recommendationReason', 'answers'].includes(serverField)) return serverField;
  if (serverField.startsWith('quotes.') || serverField.startsWith('answers.')) return serverField;
  if (serverField.startsWith('quoteVerdicts')) return serverField.replace('quoteVerdicts', 'verdicts');
  return null;
}

/** Spec sections 2, 4 and 5: 'Create Analysis' or 'Edit Analysis'. */
export function AnalysisEditor({ request, analysis, onPreview, suggestedGrade, onPrefillApr, titleRef, previewRef }: AnalysisEditorProps) {
  const save = useSaveAnalysis(request.id);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const lenders = useSite()?.lenders ?? [];
  const form = useForm<EditorValues>({
    resolver: zodResolver(editorValidation(request, lenders.map((lender) => lender.id))),
    defaultValues: initialValues(request, analysis),
  });
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const brokerRate = useWatch({ control, name: 'brokerRate' });
  const mode = useWatch({ control, name: 'mode' });
  const quotes = useWatch({ control, name: 'quotes' });
  const verdicts = useWatch({ control, name: 'verdicts' });
  const graded = hasBrokerQuote({ brokerRate }, request);
  // Issue 29: with two to four quotes each gets its own verdict in place of the one grade, pros and cons.
  const perQuote = verdicts.length > 0;

  const onSubmit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await save.mutateAsync({ brokerQuote: brokerQuoteUpdate(values), submission: toSubmission(values, request) });
      toast.success('Analysis submitted successfully', { duration: 3000 });
    } catch (error) {
      // Spec section 8: submit errors are logged; the server's field messages also show on their fields.
      console.error(SUBMIT_FAILED, error);
      const fields = error instanceof ApiError ? error.fields : {};
      Object.entries(fields).forEach(([name, message]) => {
        const field = formField(name);
        if (field) setError(field as keyof EditorValues, { message });
      });
      setSubmitError(error instanceof Error && error.message ? error.message : SUBMIT_FAILED);
    }
  });

  // The server refuses what a submit would refuse, so the editor's own checks come first.
  const preview = handleSubmit((values) => onPreview(values));

  /** A suggestion fills the first empty entry of a list, or adds one. */
  const addToList = (name: 'pros' | 'cons' | 'notes', text: string) => {
    const items = getValues(name);
    const empty = items.findIndex((item) => item.text.trim() === '');
    const next = empty >= 0 ? items.map((item, index) => (index === empty ? { text } : item)) : [...items, { text }];
    setValue(name, next, { shouldDirty: true });
  };

  const gradeError = errors.grade?.message;
  return (
    <Card as="form" shadow="sm" noValidate onSubmit={onSubmit} aria-labelledby="editor-title" className="space-y-6">
      <h2 ref={titleRef} id="editor-title" className="text-xl font-bold text-slate-900">
        {analysis ? 'Edit Analysis' : 'Create Analysis'}
      </h2>

      <SelectField label="Lender" placeholder="Select a lender" options={lenderOptions(lenders)} error={errors.lender?.message} {...register('lender')} />

      <fieldset className="space-y-4">
        <legend className="font-medium text-slate-900">Visitor's quote</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <RateField control={control} name="brokerRate" label="Broker rate" />
          <NumberField
            control={control}
            name="brokerLenderFees"
            label="Broker lender fees"
            prefix="$"
            creditLabel="Broker lender fees are a credit from the lender"
          />
          <NumberField control={control} name="brokerMortgageInsurance" label="Broker mortgage insurance" prefix="$" />
        </div>
      </fieldset>

      <QuoteRows control={control} register={register} getValues={getValues} setValue={setValue} request={request} onPrefillApr={onPrefillApr} />

      {perQuote && <QuoteVerdicts request={request} control={control} register={register} errors={errors} />}

      {(quotes.some((row) => row.isRecommended) || verdicts.some((verdict) => verdict.recommended)) && (
        <TextAreaField
          label={`Why this quote? (shown beside the recommended quote; required when it is not the cheapest over ${horizonWords(horizonMonthsOf(request))})`}
          rows={2}
          error={errors.recommendationReason?.message}
          {...register('recommendationReason')}
        />
      )}

      {perQuote ? null : graded ? (
        <div className="space-y-6">
          <TextListField control={control} register={register} name="pros" legend="Pros" item="pro" error={listError(errors, 'pros')} />
          <TextListField control={control} register={register} name="cons" legend="Cons" item="con" error={listError(errors, 'cons')} />
          <div className="max-w-xs space-y-2">
            <SelectField label="Grade" placeholder="No grade" options={GRADES.map((grade) => ({ value: grade, label: grade }))} error={gradeError}
              {...register('grade')} />
            {suggestedGrade && (
              <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
                <p>
                  Suggested grade: <strong>{suggestedGrade.grade}</strong>
                </p>
                {suggestedGrade.reasons.length > 0 && (
                  <ul className="mt-1 list-disc pl-5">
                    {suggestedGrade.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                )}
                <Button variant="ghost" className="mt-1" onClick={() => setValue('grade', suggestedGrade.grade, { shouldDirty: true })}>
                  Use suggested grade
                </Button>
              </div>
            )}
          </div>
        </div>
      ) : (
        <p className="rounded-lg bg-amber-50 p-3 text-slate-800">{MESSAGES.noBrokerQuote}</p>
      )}

      <RadioGroup legend="Mode" options={MODE_OPTIONS} inputProps={register('mode')} errorId="mode-error" error={errors.mode?.message} />

      {mode === 'refinance' ? (
        <TextListField control={control} register={register} name="notes" legend="Notes" item="note" rows={2} error={listError(errors, 'notes')} />
      ) : (
        <TextAreaField label="Overall recommendation" rows={4} error={errors.recommendation?.message} {...register('recommendation')} />
      )}

      {request.questions.length > 0 && (
        <fieldset className="space-y-4">
          <legend className="font-medium text-slate-900">The visitor&apos;s questions</legend>
          {request.questions.map((question, index) => (
            <TextAreaField
              key={index}
              label={`Answer: ${question}`}
              rows={2}
              error={errors.answers?.[index]?.message}
              {...register(`answers.${index}` as const)}
            />
          ))}
        </fieldset>
      )}

      <SuggestionsPanel
        showProsAndCons={graded && !perQuote}
        recommendationLabel={mode === 'refinance' ? 'Recommendations (added as notes)' : 'Recommendations'}
        onRecommendation={(text) => (mode === 'refinance' ? addToList('notes', text) : setValue('recommendation', text, { shouldDirty: true }))}
        onPro={(text) => addToList('pros', text)}
        onCon={(text) => addToList('cons', text)}
      />

      {submitError && (
        <p role="alert" className="font-medium text-red-700">
          {submitError}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button ref={previewRef} variant="secondary" onClick={preview}>
          <Eye aria-hidden="true" className="size-4" />
          Preview
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          <Send aria-hidden="true" className="size-4" />
          {isSubmitting ? 'Submitting...' : 'Submit Analysis'}
        </Button>
      </div>
    </Card>
  );
}
