import { useState, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { groupDigits, plainAmount } from '@/lib/amount-text';
import { TextField } from './field';

type NumberFieldProps<T extends FieldValues, TContext, TOut extends FieldValues> = {
  control: Control<T, TContext, TOut>;
  name: FieldPath<T>;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  min?: number;
  max?: number;
  step?: number | 'any';
  prefix?: string;
  suffix?: string;
  placeholder?: string;
  /** Called after the visitor edits the value (not when the form sets it). */
  onValueChange?: (value: string) => void;
};

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
  ...rest
}: NumberFieldProps<T, TContext, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ control, name });
  const { ref: inputRef, name: inputName, onChange, onBlur } = field;
  const value = (field.value as string | undefined) ?? '';
  // The text being typed into an amount; null once the field is left.
  const [typing, setTyping] = useState<string | null>(null);
  const error = fieldState.error?.message;
  if (rest.prefix === '$') {
    // What is typed is shown only while it still is the form's value: a value the form sets
    // meanwhile (a linked field, a prefill) is shown grouped.
    const shown = typing !== null && plainAmount(typing) === value ? typing : groupDigits(value);
    return (
      <TextField
        {...rest}
        ref={inputRef}
        name={inputName}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={shown}
        error={error}
        onChange={(event) => {
          const plain = plainAmount(event.target.value);
          setTyping(event.target.value);
          onChange(plain);
          onValueChange?.(plain);
        }}
        onBlur={() => {
          setTyping(null);
          onBlur();
        }}
      />
    );
  }
  return (
    <TextField
      {...rest}
      ref={inputRef}
      name={inputName}
      type="number"
      inputMode="decimal"
      min={min}
      max={max}
      step={step}
      value={value}
      error={error}
      onChange={(event) => {
        onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={onBlur}
    />
  );
}
