import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field';

/**
 * The consent to calls and texts beside the checkbox (TCPA, 47 CFR 64.1200;
 * issue 26). The server builds and stores the same words itself from the
 * site file's legal name and the number typed (vocab.ConsentText in
 * internal/vocab), so what the visitor read is what the broker sees.
 */
export function consentText(brokerage: string, phone: string): string {
  return (
    `I agree that ${brokerage} may call or text me at ${phone} about this request. Consent is not a condition of any service. ` +
    'Message and data rates may apply. Reply STOP to opt out.'
  );
}

type ConsentCheckboxProps = {
  /** The brokerage's legal name (the site file's brokerageName). */
  brokerage: string;
  /** The number as the visitor typed it, trimmed. */
  phone: string;
  error?: string;
  inputProps: UseFormRegisterReturn;
};

/** An unticked box naming the brokerage and the number; its label is the consent's whole wording. */
export function ConsentCheckbox({ brokerage, phone, error, inputProps }: ConsentCheckboxProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-blue-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...inputProps}
        />
        <label htmlFor={id} className="text-sm text-slate-800">
          {consentText(brokerage, phone)}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
