import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { NumberField } from '@/components/form/number-field';
import { DOWN_PAYMENT_PRESETS } from '@/lib/constants';
import { numberToInput } from '@/lib/form';
import { amountFromPercent, percentFromAmount, presetFor } from '../down-payment';
import { downPaymentSchema } from '../schemas';
import { StepFrame } from './step-frame';

export type DownPaymentAnswer = { purchasePrice: number; downPayment: number; downPaymentPercent: number | null };

type DownPaymentStepProps = {
  purchasePrice: number | undefined;
  downPayment: number | undefined;
  downPaymentPercent: number | undefined;
  onSubmit: (answer: DownPaymentAnswer) => void;
};

const toNumber = (value: string) => (value.trim() === '' || !Number.isFinite(Number(value)) ? null : Number(value));

/** Purchase price and down payment, the amount and the percent kept in step. */
export function DownPaymentStep({ purchasePrice, downPayment, downPaymentPercent, onSubmit }: DownPaymentStepProps) {
  const {
    control,
    handleSubmit,
    setValue,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(downPaymentSchema),
    defaultValues: {
      purchasePrice: numberToInput(purchasePrice),
      downPayment: numberToInput(downPayment),
      downPaymentPercent: numberToInput(downPaymentPercent),
    },
  });
  const [price, percent] = useWatch({ control, name: ['purchasePrice', 'downPaymentPercent'] });
  const selected = presetFor(toNumber(percent));
  const priceValue = toNumber(price);

  const setPercent = (value: number) => {
    setValue('downPaymentPercent', String(value), { shouldValidate: false });
    if (priceValue && priceValue > 0) setValue('downPayment', String(amountFromPercent(priceValue, value)), { shouldDirty: true });
  };

  // Editing the amount recomputes the percent.
  const onAmountChange = (value: string) => {
    const next = toNumber(value);
    const nextPercent = priceValue !== null && next !== null ? percentFromAmount(priceValue, next) : null;
    setValue('downPaymentPercent', nextPercent === null ? '' : String(nextPercent));
  };

  // A new price keeps the chosen percent and moves the amount with it.
  const onPriceChange = (value: string) => {
    const nextPrice = toNumber(value);
    const currentPercent = toNumber(percent);
    if (nextPrice && nextPrice > 0 && currentPercent !== null) setValue('downPayment', String(amountFromPercent(nextPrice, currentPercent)));
  };

  const onPercentChange = (value: string) => {
    const next = toNumber(value);
    if (next !== null && priceValue && priceValue > 0) setValue('downPayment', String(amountFromPercent(priceValue, next)));
  };

  const submit = handleSubmit((form) =>
    onSubmit({
      purchasePrice: form.purchasePrice,
      downPayment: form.downPayment,
      downPaymentPercent: form.downPaymentPercent ?? percentFromAmount(form.purchasePrice, form.downPayment),
    }),
  );

  return (
    <StepFrame title="What's the purchase price and your down payment?" errors={errors} submitCount={submitCount}>
      <form noValidate onSubmit={submit} className="space-y-6">
        <NumberField
          control={control}
          name="purchasePrice"
          label="Purchase price"
          prefix="$"
          onValueChange={onPriceChange}
        />

        <div role="group" aria-labelledby="down-payment-presets-label" className="space-y-2">
          <p id="down-payment-presets-label" className="font-medium text-slate-900">
            Down payment presets
          </p>
          <div className="flex flex-wrap gap-2">
            {DOWN_PAYMENT_PRESETS.map((preset) => (
              <PresetButton key={preset} pressed={selected === preset} onClick={() => setPercent(preset)}>
                {`${preset}%`}
              </PresetButton>
            ))}
            <PresetButton pressed={selected === 'custom'} onClick={() => document.getElementById('down-payment-amount')?.focus()}>
              Custom
            </PresetButton>
          </div>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Putting 20% down avoids PMI (private mortgage insurance).</li>
            <li>Some loans let you put down as little as 3%.</li>
            <li>VA loans need no down payment.</li>
          </ul>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            control={control}
            name="downPayment"
            id="down-payment-amount"
            label="Down payment"
            prefix="$"
            onValueChange={onAmountChange}
          />
          <NumberField
            control={control}
            name="downPaymentPercent"
            label="Down payment percent"
            suffix="%"
            min={0}
            max={100}
            step={0.5}
            onValueChange={onPercentChange}
          />
        </div>

        <Button type="submit" size="lg">
          Continue
        </Button>
      </form>
    </StepFrame>
  );
}

function PresetButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`min-w-16 rounded-lg border-2 px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
        pressed ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-blue-700'
      }`}
    >
      {children}
    </button>
  );
}
