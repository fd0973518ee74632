import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { TextAreaField } from '@/components/form/field';
import { NumberField } from '@/components/form/number-field';
import { Page, PageTitle } from '@/components/page';
import { MAX_AMOUNT, RATE_STEP } from '@/lib/constants';
import { numberToInput } from '@/lib/form';
import { storage } from '@/lib/storage';
import { useUpdateBrokerQuote } from '../api/update-broker-quote';
import { MAX_QUESTIONS, quoteDetailsFormSchema, type QuoteDetailsFormInput } from '../schemas';
import { UploadPlaceholder } from './upload-placeholder';

function savedQuote(): QuoteDetailsFormInput {
  const details = storage.quoteDetails.get();
  return {
    rate: numberToInput(details?.rate),
    lenderFees: numberToInput(details?.lenderFees),
    mortgageInsurance: numberToInput(details?.mortgageInsurance),
    questions: (storage.questions.get() ?? []).map((text) => ({ text })),
  };
}

export function CheckMyRatePage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A link with ?qr= names an existing quote request: the quote is added to it.
  const [existingRequestId] = useState(() => searchParams.get('qr'));
  const updateBrokerQuote = useUpdateBrokerQuote();

  useEffect(() => {
    if (existingRequestId) storage.requestId.set(existingRequestId);
  }, [existingRequestId]);

  const {
    control,
    handleSubmit,
    register,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(quoteDetailsFormSchema), defaultValues: savedQuote() });
  const questions = useFieldArray({ control, name: 'questions' });
  const rate = useWatch({ control, name: 'rate' });
  const hasRate = rate.trim() !== '';

  const onSubmit = handleSubmit(async (quote) => {
    const askedQuestions = quote.questions.map((question) => question.text.trim()).filter(Boolean);
    storage.quoteDetails.set({ rate: quote.rate, lenderFees: quote.lenderFees, titleFees: null, mortgageInsurance: quote.mortgageInsurance });
    storage.questions.set(askedQuestions);

    if (!existingRequestId) {
      navigate('/loan-information');
      return;
    }
    try {
      await updateBrokerQuote.mutateAsync({
        requestId: existingRequestId,
        quote: { broker_rate: quote.rate, broker_lender_fees: quote.lenderFees, broker_mortgage_insurance: quote.mortgageInsurance },
      });
    } catch (error) {
      // Spec section 7: logged only; the visitor still goes on to their results.
      console.error('Failed to update broker quote', error);
    }
    navigate(`/rate-results?qr=${encodeURIComponent(existingRequestId)}`);
  });

  const missingRequired = Boolean(errors.rate || errors.lenderFees);

  return (
    <Page width="narrow">
      <title>Rate My Quote · quotegrade</title>
      <PageTitle intro="Tell us what your lender offered. A licensed loan officer will grade it, usually within a few hours.">
        Enter Details About Your Mortgage Quote
      </PageTitle>

      <UploadPlaceholder />

      <form noValidate onSubmit={onSubmit} className="mt-8 space-y-6 rounded-2xl border border-slate-200 bg-white p-6" aria-labelledby="manual-title">
        <h2 id="manual-title" className="text-lg font-bold text-slate-900">
          Enter your quote
        </h2>
        <NumberField
          control={control}
          name="rate"
          label="Interest rate"
          hint="Enter the interest rate, not the APR."
          suffix="%"
          min={0}
          max={100}
          step={RATE_STEP}
        />
        <NumberField
          control={control}
          name="lenderFees"
          label="Total lender fees"
          hint="Add up the lender's fees (origination, points, underwriting, processing…). Enter a negative number for lender credits, or 0 if there are none."
          prefix="$"
          min={-MAX_AMOUNT}
          max={MAX_AMOUNT}
        />
        <NumberField
          control={control}
          name="mortgageInsurance"
          label="Monthly mortgage insurance (optional)"
          hint="Leave blank if your quote has none."
          prefix="$"
          min={0}
          max={MAX_AMOUNT}
        />

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

        {missingRequired && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-red-800">
            To continue, enter your interest rate and your total lender fees (0 is fine).
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {existingRequestId ? 'Continue to My Results' : 'Continue to Loan Information'}
        </Button>
      </form>
    </Page>
  );
}
