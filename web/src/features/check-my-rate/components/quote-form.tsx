import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextAreaField } from '@/components/form/field';
import { NumberField, RateField } from '@/components/form/number-field';
import { LiveMessage } from '@/components/live-message';
import type { Schema } from '@/lib/api-client';
import { numberToInput } from '@/lib/form';
import { storage, type UploadedQuote } from '@/lib/storage';
import { typedAmountBeforeReady, typedBeforeReady, typedFeeOrCreditBeforeReady } from '@/lib/typed-before-ready';
import { useUpdateBrokerQuote } from '../api/update-broker-quote';
import { NOT_CONFIRMED_BY_FORM, NOT_FOUND_IN_FILE, prefillFrom, READ_FROM_FILE, READ_FROM_PICTURE, type FieldNotes, type Prefill, type PrefillField } from '../prefill';
import { MAX_QUESTIONS, quoteDetailsFormSchema, type QuoteDetailsFormInput, type QuoteDetailsFormOutput } from '../schemas';
import { LoanEstimateSummary, PleaseCheckMark } from './loan-estimate-summary';
import { DEFAULT_HORIZON, MoreQuotes } from './more-quotes';
import { QuoteUpload } from './quote-upload';

type CheckedUpload = Schema<'CheckedUpload'>;

/** A field's hint, with a note on whether the uploaded file filled it. */
function hintWithNote(hint: ReactNode, note: FieldNotes[PrefillField], fromPicture: boolean): ReactNode {
  if (!note) return hint;
  if (note === 'check') {
    return (
      <>
        {hint}
        <span className="mt-1 block text-blue-900">
          <PleaseCheckMark /> {fromPicture ? READ_FROM_PICTURE : NOT_CONFIRMED_BY_FORM}
        </span>
      </>
    );
  }
  return (
    <>
      {hint}
      <span className="mt-1 block font-semibold text-blue-900">{note === 'read' ? READ_FROM_FILE : NOT_FOUND_IN_FILE}</span>
    </>
  );
}

type QuoteRule = { hasUpload: boolean; moreUploads: boolean[] };

// Which rule applies depends on whether a file is uploaded: the form hands its
// current context to the resolver each time it validates.
const resolver: Resolver<QuoteDetailsFormInput, QuoteRule, QuoteDetailsFormOutput> = (values, rule, options) =>
  zodResolver(quoteDetailsFormSchema(rule ?? { hasUpload: false, moreUploads: [] }))(values, rule, options);

function savedQuote(): QuoteDetailsFormInput {
  const details = storage.quoteDetails.get();
  return {
    rate: typedBeforeReady('rate') || numberToInput(details?.rate),
    lenderFees: typedFeeOrCreditBeforeReady('lenderFees') || numberToInput(details?.lenderFees),
    mortgageInsurance: typedAmountBeforeReady('mortgageInsurance') || numberToInput(details?.mortgageInsurance),
    questions: (storage.questions.get() ?? []).map((text) => ({ text })),
    lenderName: storage.comparing.get()?.firstLenderName ?? '',
    moreQuotes: (storage.moreQuotes.get() ?? []).map((q) => ({
      lenderName: q.lenderName ?? '',
      rate: numberToInput(q.rate),
      points: numberToInput(q.points),
      lenderFees: numberToInput(q.lenderFees),
      mortgageInsurance: numberToInput(q.mortgageInsurance),
    })),
    horizon: comparingHorizon(),
  };
}

function comparingHorizon(): string {
  const comparing = storage.comparing.get();
  if (!comparing) return DEFAULT_HORIZON;
  return comparing.horizonMonths === null ? '' : String(comparing.horizonMonths);
}

/** The trimmed text, or null when blank. */
const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** Check My Rate's upload and quote form: loads after the page (lazyPart, decision 0026). */
export function QuoteForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A link with ?qr= names an existing quote request: the quote is added to it.
  const [existingRequestId] = useState(() => searchParams.get('qr'));
  const updateBrokerQuote = useUpdateBrokerQuote();
  const [uploaded, setUploaded] = useState<UploadedQuote | null>(() => storage.uploadedQuote.get());
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [notes, setNotes] = useState<FieldNotes>({});
  const [couldNotRead, setCouldNotRead] = useState(false);
  // An upload stands in for the typed quote only for a new request: an existing
  // request (?qr=) takes a typed quote, and there is no call to attach a file to it.
  const uploadCounts = uploaded !== null && !existingRequestId;
  const [moreUploads, setMoreUploads] = useState<(UploadedQuote | null)[]>(() => (storage.moreQuotes.get() ?? []).map((q) => q.upload));

  useEffect(() => {
    if (existingRequestId) storage.requestId.set(existingRequestId);
  }, [existingRequestId]);

  const [initialQuote] = useState(savedQuote);
  const {
    control,
    handleSubmit,
    register,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<QuoteDetailsFormInput, QuoteRule, QuoteDetailsFormOutput>({
    resolver,
    context: { hasUpload: uploadCounts, moreUploads: moreUploads.map((u) => u !== null) },
    defaultValues: initialQuote,
  });
  const questions = useFieldArray({ control, name: 'questions' });
  const rate = useWatch({ control, name: 'rate' });
  const hasRate = rate.trim() !== '';

  const onSubmit = handleSubmit(async (quote) => {
    const askedQuestions = quote.questions.map((question) => question.text.trim()).filter(Boolean);
    const { rate, lenderFees, mortgageInsurance } = quote;
    // With a file, whatever figures were typed or read go with it (a rate
    // without fees too); with no figure at all, the file is the quote.
    const typed = rate !== null || lenderFees !== null || mortgageInsurance !== null;
    if (typed) storage.quoteDetails.set({ rate, lenderFees, titleFees: null, mortgageInsurance });
    else storage.quoteDetails.clear();
    storage.questions.set(askedQuestions);
    if (quote.moreQuotes.length > 0 && !existingRequestId) {
      storage.moreQuotes.set(
        quote.moreQuotes.map((more, i) => ({
          lenderName: textOrNull(more.lenderName),
          rate: more.rate,
          points: more.points,
          lenderFees: more.lenderFees,
          mortgageInsurance: more.mortgageInsurance,
          upload: moreUploads[i] ?? null,
        })),
      );
      storage.comparing.set({ firstLenderName: textOrNull(quote.lenderName), horizonMonths: quote.horizon === '' ? null : Number(quote.horizon) });
    } else {
      storage.moreQuotes.clear();
      storage.comparing.clear();
    }

    if (!existingRequestId) {
      navigate('/loan-information');
      return;
    }
    try {
      await updateBrokerQuote.mutateAsync({
        requestId: existingRequestId,
        quote: { broker_rate: rate, broker_lender_fees: lenderFees, broker_mortgage_insurance: mortgageInsurance },
      });
    } catch (error) {
      // Spec section 7: logged only; the visitor still goes on to their results.
      console.error('Failed to update broker quote', error);
    }
    navigate(`/rate-results?qr=${encodeURIComponent(existingRequestId)}`);
  });

  const onUploaded = (upload: UploadedQuote, checked: CheckedUpload) => {
    storage.uploadedQuote.set(upload);
    setUploaded(upload);
    setCouldNotRead(checked.couldNotRead);
    if (!checked.loanEstimate) {
      setPrefill(null);
      setNotes({});
      return;
    }
    const read = prefillFrom(checked.loanEstimate);
    for (const [field, value] of Object.entries(read.values) as [PrefillField, number][]) {
      setValue(field, String(value), { shouldDirty: true });
    }
    clearErrors();
    setPrefill(read);
    setNotes(read.notes);
  };

  const onRemoveUpload = () => {
    storage.uploadedQuote.clear();
    setUploaded(null);
    setPrefill(null);
    setNotes({});
    setCouldNotRead(false);
  };

  // Once the visitor changes a figure, it is theirs, not the file's.
  const edited = (field: PrefillField) => () => setNotes((current) => (current[field] ? { ...current, [field]: undefined } : current));
  // A field the Loan Estimate can fill: its hint says what was read (or not), until the visitor edits it.
  const prefillable = (field: PrefillField, hint: ReactNode) => ({
    hint: hintWithNote(hint, notes[field], prefill?.fromPicture ?? false),
    onValueChange: edited(field),
  });

  const missingRequired = Boolean(errors.rate || errors.lenderFees);
  const moreMissing = Boolean(errors.moreQuotes?.some?.((quote) => quote?.rate));

  return (
    <>
      <QuoteUpload uploaded={uploaded} onUploaded={onUploaded} onRemove={onRemoveUpload}>
        <LoanEstimateSummary prefill={prefill} couldNotRead={couldNotRead} />
      </QuoteUpload>

      <Card as="form" padding={6} noValidate onSubmit={onSubmit} className="mt-8 space-y-6" aria-labelledby="manual-title">
        <h2 id="manual-title" className="text-lg font-bold text-slate-900">
          Enter your quote
        </h2>
        <RateField control={control} name="rate" label="Interest rate" {...prefillable('rate', 'Enter the interest rate, not the APR.')} />
        <NumberField
          control={control}
          name="lenderFees"
          label="Total lender fees"
          {...prefillable(
            'lenderFees',
            "Add up the lender's fees (origination, points, underwriting, processing…), less any lender credits, or enter 0 if there are none. If the credits come to more than the fees, enter the difference and tick “This is a credit from the lender”.",
          )}
          prefix="$"
          creditLabel="This is a credit from the lender"
        />
        <NumberField
          control={control}
          name="mortgageInsurance"
          label="Monthly mortgage insurance (optional)"
          {...prefillable('mortgageInsurance', 'Leave blank if your quote has none.')}
          prefix="$"
        />

        {!existingRequestId && (
          <MoreQuotes control={control} register={register} setValue={setValue} errors={errors} uploads={moreUploads} setUploads={setMoreUploads} />
        )}

        {hasRate && (
          <fieldset className="space-y-4">
            <legend className="font-bold text-slate-900">Questions for an expert (optional)</legend>
            <p className="text-sm text-slate-600">Anything you'd like the loan officer to look at? They'll answer with your results.</p>
            {questions.fields.map((question, index) => (
              <div key={question.id} className="flex items-start gap-2">
                <div className="flex-1">
                  <TextAreaField
                    label={`Question ${index + 1}`}
                    rows={2}
                    error={errors.questions?.[index]?.text?.message}
                    {...register(`questions.${index}.text`)}
                  />
                </div>
                <Button variant="ghost" className="mt-7" onClick={() => questions.remove(index)} aria-label={`Remove question ${index + 1}`}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            ))}
            {questions.fields.length < MAX_QUESTIONS && (
              <Button variant="secondary" onClick={() => questions.append({ text: '' })}>
                <Plus aria-hidden="true" className="size-4" />
                Add a question
              </Button>
            )}
          </fieldset>
        )}

        <LiveMessage tone="error" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {missingRequired
            ? 'To continue, upload your quote or enter your interest rate and your total lender fees (0 is fine).'
            : moreMissing && 'To continue, give each added quote its interest rate or its Loan Estimate, or remove it.'}
        </LiveMessage>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {existingRequestId ? 'Continue to My Results' : 'Continue to Loan Information'}
        </Button>
      </Card>
    </>
  );
}
