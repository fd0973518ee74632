import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/field';
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN } from '@/lib/constants';
import { numberToInput } from '@/lib/form';
import { creditScoreSchema } from '../schemas';
import { StepFrame } from './step-frame';

export function CreditScoreStep({ value, onSubmit }: { value: number | undefined; onSubmit: (creditScore: number) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({ resolver: zodResolver(creditScoreSchema), defaultValues: { creditScore: numberToInput(value) } });

  return (
    <StepFrame title="What's your credit score?" description="Your best estimate is fine. We never check your credit." errors={errors} submitCount={submitCount}>
      <form noValidate onSubmit={handleSubmit((form) => onSubmit(form.creditScore))} className="space-y-6">
        {/* Not clamped: a score outside the range gets a message instead of a silent change. */}
        <TextField
          label="Estimated credit score"
          type="number"
          inputMode="numeric"
          min={CREDIT_SCORE_MIN}
          max={CREDIT_SCORE_MAX}
          step={1}
          hint={`A whole number from ${CREDIT_SCORE_MIN} to ${CREDIT_SCORE_MAX}.`}
          className="max-w-48"
          error={errors.creditScore?.message}
          {...register('creditScore')}
        />
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </StepFrame>
  );
}
