import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError } from './field';
import { radioChoiceBox } from './radio-choice';

type RadioGroupProps = {
  legend: ReactNode;
  options: readonly { value: string; label: string }[];
  error?: string;
  /** The props of register(name), shared by every radio of the group. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
  errorId: string;
};

/**
 * Native radios in a fieldset: arrow keys, labels and the group name come for free. A wrong
 * answer marks every radio invalid and describes it with the message, so the radio the form
 * sends focus to says what is wrong (issue 25 §4).
 */
export function RadioGroup({ legend, options, error, inputProps, errorId }: RadioGroupProps) {
  return (
    <fieldset>
      <legend className="mb-2 font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.value} className={`${radioChoiceBox} items-center gap-2`}>
            <input
              type="radio"
              value={option.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="size-4 accent-blue-700"
              {...inputProps}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
