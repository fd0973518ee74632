import type { ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
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
      error={fieldState.error?.message}
      onChange={(event) => {
        onChange(event.target.value);
        onValueChange?.(event.target.value);
      }}
      onBlur={onBlur}
    />
  );
}
