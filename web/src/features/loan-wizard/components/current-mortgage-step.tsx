import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { SelectField } from '@/components/form/field';
import { NumberField } from '@/components/form/number-field';
import type { Schema } from '@/lib/api-client';
import { LOAN_PROGRAMS, MAX_AMOUNT, RATE_STEP } from '@/lib/constants';
import { currentMortgageDefaults, currentMortgageSchema } from '@/lib/current-mortgage';
import type { RefiBuddyData } from '@/lib/storage';
import { StepFrame } from './step-frame';

type LoanProgram = Schema<'LoanProgram'>;

type CurrentMortgage = NonNullable<RefiBuddyData['currentMortgage']>;

type CurrentMortgageStepProps = {
  value: CurrentMortgage | undefined;
  onSubmit: (mortgage: { rate: number; loanProgram: LoanProgram; monthlyPayment: number; mortgageInsurance: number | null }) => void;
};

/** Refi Buddy: the mortgage the homeowner has today, prefilled from the Refi Buddy page. */
export function CurrentMortgageStep({ value, onSubmit }: CurrentMortgageStepProps) {
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(currentMortgageSchema),
    defaultValues: currentMortgageDefaults(value),
  });

  const submit = handleSubmit((form) =>
    onSubmit({
      rate: form.rate,
      loanProgram: form.loanProgram as LoanProgram,
      monthlyPayment: form.monthlyPayment,
      mortgageInsurance: form.mortgageInsurance,
    }),
  );

  return (
    <StepFrame eyebrow="Refi Buddy" title="Tell us about your current mortgage" errors={errors}>
      <form noValidate onSubmit={submit} className="space-y-5">
        <NumberField control={control} name="rate" label="Current interest rate" suffix="%" min={0} max={100} step={RATE_STEP} />
        <SelectField
          label="Loan program"
          options={LOAN_PROGRAMS}
          placeholder="Choose a loan program"
          error={errors.loanProgram?.message}
          {...register('loanProgram')}
        />
        <NumberField
          control={control}
          name="monthlyPayment"
          label="Monthly payment (principal and interest)"
          prefix="$"
          min={0}
          max={MAX_AMOUNT}
        />
        <NumberField control={control} name="mortgageInsurance" label="Monthly mortgage insurance (optional)" prefix="$" min={0} max={MAX_AMOUNT} />
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </StepFrame>
  );
}
