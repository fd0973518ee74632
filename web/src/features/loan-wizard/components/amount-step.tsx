import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { NumberField } from '@/components/form/number-field';
import { numberToInput } from '@/lib/form';
import { amountSchema, type AmountLimit } from '../schemas';
import { StepFrame } from './step-frame';

type AmountStepProps = {
  title: string;
  label: string;
  hint?: string;
  requiredMessage: string;
  /** The figure's name in messages ("Property value cannot be negative"). */
  name: string;
  /** A floor the amount must reach, and its words (a home's value). */
  minimum?: (value: number) => string | null;
  value: number | undefined;
  /** An amount the answer must stay under (the cash-out's equity). */
  limit?: AmountLimit;
  onSubmit: (amount: number) => void;
};

/** A single dollar figure, 0 to MAX_AMOUNT: outside, a message (never clamped). */
export function AmountStep({ title, label, hint, requiredMessage, name, minimum, value, limit, onSubmit }: AmountStepProps) {
  const {
    control,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(amountSchema(requiredMessage, name, limit, minimum)),
    defaultValues: { amount: numberToInput(value) },
  });

  return (
    <StepFrame title={title} errors={errors} submitCount={submitCount}>
      <form noValidate onSubmit={handleSubmit((form) => onSubmit(form.amount))} className="space-y-6">
        <NumberField control={control} name="amount" label={label} hint={hint} prefix="$" />
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </StepFrame>
  );
}
