import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { NumberField } from '@/components/form/number-field';
import { MAX_AMOUNT } from '@/lib/constants';
import { numberToInput } from '@/lib/form';
import { amountSchema, type AmountLimit } from '../schemas';
import { StepFrame } from './step-frame';

type AmountStepProps = {
  title: string;
  label: string;
  hint?: string;
  requiredMessage: string;
  value: number | undefined;
  /** An amount the answer must stay under (the cash-out's equity). */
  limit?: AmountLimit;
  onSubmit: (amount: number) => void;
};

/** A single dollar figure, clamped to 0 – MAX_AMOUNT. */
export function AmountStep({ title, label, hint, requiredMessage, value, limit, onSubmit }: AmountStepProps) {
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(amountSchema(requiredMessage, limit)),
    defaultValues: { amount: numberToInput(value) },
  });

  return (
    <StepFrame title={title} errors={errors}>
      <form noValidate onSubmit={handleSubmit((form) => onSubmit(form.amount))} className="space-y-6">
        <NumberField control={control} name="amount" label={label} hint={hint} prefix="$" min={0} max={MAX_AMOUNT} step={1000} />
        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </StepFrame>
  );
}
