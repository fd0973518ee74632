import { useId, useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { amountSize, groupDigits, isNegativeAmount, plainAmount, typedFeeOrCredit, withSign } from '@/lib/amount-text';
import { RATE_STEP } from '@/lib/constants';
import { creditBoxName } from '@/lib/typed-before-ready';
import { TextField } from './field';

type NumberFieldProps<T extends FieldValues, TContext, TOut extends FieldValues> = {
  control: Control<T, TContext, TOut>;
  name: FieldPath<T>;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  suffix?: string;
  placeholder?: string;
  /** Called after the visitor edits the value (not when the form sets it). */
  onValueChange?: (value: string) => void;
} & (
  | {
      /** A dollar amount: a text box with thousands separators; its range is the form schema's alone. */
      prefix: '$';
      /**
       * For a dollar amount that may be negative (a lender credit): the label of a box, ticked for
       * a credit, beside the amount, which is then typed without a minus sign (a phone's decimal
       * keypad has none). The form still holds the signed number.
       */
      creditLabel?: ReactNode;
      min?: never;
      max?: never;
      step?: never;
    }
  | { prefix?: undefined; creditLabel?: never; min?: number; max?: number; step?: number | 'any' }
);

/**
 * A number input held as text by the form. A figure outside [min, max] is
 * left as typed for the form's schema to refuse with a message: nothing is
 * changed silently (issue 25 §3).
 *
 * A dollar amount (prefix "$") is a text box instead, shown with thousands
 * separators ("400,000", issue 25 §2): the visitor may type or paste
 * "$400,000", and the form holds the plain "400000" its schema reads. What
 * is typed stays as typed until the field is left, then it is grouped.
 */
export function NumberField<T extends FieldValues, TContext = unknown, TOut extends FieldValues = T>({
  control,
  name,
  min,
  max,
  step = 'any',
  onValueChange,
  creditLabel,
  ...rest
}: NumberFieldProps<T, TContext, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  const { ref: inputRef, name: inputName, onChange, onBlur } = field;
  const value = (field.value as string | undefined) ?? '';
  // The text being typed into an amount; null once the field is left.
  const [typing, setTyping] = useState<string | null>(null);
  // Whether the visitor ticked "credit" while the amount is empty or zero; a signed amount says it itself.
  const [creditChosen, setCreditChosen] = useState(false);
  const creditBoxId = useId();
  // The box's ties to the form, the same for an amount's text box and a number input.
  const held = { ...rest, ref: inputRef, name: inputName, inputMode: 'decimal', error: fieldState.error?.message } as const;
  // A dollar amount's text box: what is typed is kept while it is typed (`read` turns it into
  // the form's plain value) and grouped once the field is left.
  const amountBox = (shown: string, read: (typed: string) => void, below?: ReactNode) => (
    <TextField
      {...held}
      type="text"
      autoComplete="off"
      value={shown}
      onChange={(event) => {
        setTyping(event.target.value);
        read(event.target.value);
      }}
      onBlur={() => {
        setTyping(null);
        onBlur();
      }}
      below={below}
    />
  );
  const edit = (plain: string) => {
    onChange(plain);
    onValueChange?.(plain);
  };
  if (rest.prefix === '$' && creditLabel !== undefined) {
    // A signed amount says which it is (a typed minus, a prefill); an empty or zero one, the box.
    const credit = isNegativeAmount(value) || (creditChosen && !(Number(value) > 0));
    const shown = typing !== null && typedFeeOrCredit(typing, credit).plain === value ? typing : groupDigits(amountSize(value));
    return amountBox(
      shown,
      (typed) => {
        const read = typedFeeOrCredit(typed, credit);
        setCreditChosen(read.credit);
        edit(read.plain);
      },
      <div className="flex items-center gap-2 pt-1">
        <input
          id={creditBoxId}
          name={creditBoxName(inputName)}
          type="checkbox"
          className="size-4 shrink-0 accent-blue-700"
          checked={credit}
          onChange={(event) => {
            setCreditChosen(event.target.checked);
            if (value !== '' && value !== withSign(value, event.target.checked)) edit(withSign(value, event.target.checked));
          }}
        />
        <label htmlFor={creditBoxId} className="text-sm text-slate-800">
          {creditLabel}
        </label>
      </div>,
    );
  }
  if (rest.prefix === '$') {
    // What is typed is shown only while it still is the form's value: a value the form sets
    // meanwhile (a linked field, a prefill) is shown grouped.
    const shown = typing !== null && plainAmount(typing) === value ? typing : groupDigits(value);
    return amountBox(shown, (typed) => edit(plainAmount(typed)));
  }
  return (
    <TextField
      {...held}
      type="number"
      min={min}
      max={max}
      step={step}
      value={value}
      onChange={(event) => edit(event.target.value)}
      onBlur={onBlur}
    />
  );
}

type RateFieldProps<T extends FieldValues, TContext, TOut extends FieldValues> = Omit<
  Extract<NumberFieldProps<T, TContext, TOut>, { prefix?: undefined }>,
  'min' | 'max' | 'step' | 'prefix' | 'suffix' | 'creditLabel'
>;

/** An interest rate in percent: from 0 to 100, in eighths of a point by the arrows. */
export function RateField<T extends FieldValues, TContext = unknown, TOut extends FieldValues = T>(props: RateFieldProps<T, TContext, TOut>) {
  return <NumberField {...props} suffix="%" min={0} max={100} step={RATE_STEP} />;
}
