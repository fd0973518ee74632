// The homeowner's current mortgage: one form for the Refi Buddy page and the wizard's
// Refi Buddy step, so both ask the same four questions with the same checks
// (lib/current-mortgage's schema) and the same saved answers prefilled.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { SelectField } from '@/components/form/field';
import { NumberField, RateField } from '@/components/form/number-field';
import { LOAN_PROGRAMS } from '@/lib/constants';
import { currentMortgageDefaults, currentMortgageSchema, type CurrentMortgage } from '@/lib/current-mortgage';
import type { RefiBuddyData } from '@/lib/storage';

type MortgageDetailsFormProps = {
  /** The answers saved earlier (either page writes them), shown again. */
  saved: RefiBuddyData['currentMortgage'] | undefined;
  onSubmit: (mortgage: CurrentMortgage) => void;
  submitLabel: string;
  /** The Refi Buddy page: the form is a card with its heading inside, and its button waits for the three required answers. */
  card?: { heading: ReactNode; labelledBy: string };
  /** Wraps the form, given its errors and how often it was sent (the wizard's step frame repeats them in a summary). */
  frame?: (form: ReactNode, errors: FieldErrors, submitCount: number) => ReactNode;
};

const NEEDED = 'Enter your current interest rate, loan program and monthly payment to continue.';

export function MortgageDetailsForm({ saved, onSubmit, submitLabel, card, frame = (form) => form }: MortgageDetailsFormProps) {
  const [defaults] = useState(() => currentMortgageDefaults(saved));
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(currentMortgageSchema),
    defaultValues: defaults,
  });
  const [rate, loanProgram, monthlyPayment] = useWatch({ control, name: ['rate', 'loanProgram', 'monthlyPayment'] });
  const complete = rate.trim() !== '' && loanProgram !== '' && monthlyPayment.trim() !== '';
  const submit = handleSubmit((form) =>
    onSubmit({
      rate: form.rate,
      loanProgram: form.loanProgram as CurrentMortgage['loanProgram'],
      monthlyPayment: form.monthlyPayment,
      mortgageInsurance: form.mortgageInsurance,
    }),
  );

  const fields = (
    <>
      <RateField control={control} name="rate" label="Current interest rate" />
      <SelectField label="Loan program" options={LOAN_PROGRAMS} placeholder="Choose a loan program" error={errors.loanProgram?.message} {...register('loanProgram')} />
      <NumberField control={control} name="monthlyPayment" label="Monthly payment (principal and interest)" prefix="$" />
      <NumberField control={control} name="mortgageInsurance" label="Monthly mortgage insurance (optional)" prefix="$" />
    </>
  );

  if (card) {
    return frame(
      <Card as="form" padding={6} noValidate onSubmit={submit} className="space-y-5" aria-labelledby={card.labelledBy}>
        {card.heading}
        {fields}
        {/* Disabled, the button leaves the Tab order: the note saying why stays in reach and is its description. */}
        <Button type="submit" size="lg" className="w-full" disabled={!complete} aria-describedby={complete ? undefined : 'mortgage-details-needed'}>
          {submitLabel}
        </Button>
        {!complete && (
          <p id="mortgage-details-needed" className="text-sm text-slate-700">
            {NEEDED}
          </p>
        )}
      </Card>,
      errors,
      submitCount,
    );
  }
  return frame(
    <form noValidate onSubmit={submit} className="space-y-5">
      {fields}
      <Button type="submit" size="lg">
        {submitLabel}
      </Button>
    </form>,
    errors,
    submitCount,
  );
}
