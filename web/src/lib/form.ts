// Number inputs hold strings while the visitor types; these schemas turn them into numbers.
import { z } from 'zod';
import { isValidEmail, MESSAGES } from '@/lib/validation';

const isNumeric = (value: string) => value !== '' && Number.isFinite(Number(value));

export function requiredNumber(requiredMessage: string, invalidMessage = 'Please enter a number') {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .refine(isNumeric, invalidMessage)
    .transform(Number);
}

export function optionalNumber(invalidMessage = 'Please enter a number') {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isNumeric(value), invalidMessage)
    .transform((value) => (value === '' ? null : Number(value)));
}

/** Keeps a typed number inside [min, max]; leaves blanks and non-numbers to validation. */
export function clampNumberInput(value: string, min?: number, max?: number): string {
  if (!isNumeric(value.trim())) return value;
  let n = Number(value);
  if (min !== undefined && n < min) n = min;
  if (max !== undefined && n > max) n = max;
  return n === Number(value) ? value : String(n);
}

/** A stored number back into an input's text. */
export function numberToInput(value: number | null | undefined): string {
  return value == null ? '' : String(value);
}

/** A form of one required e-mail address (the wizard's e-mail step, Refi Buddy's sign-up). */
export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .refine((value) => isValidEmail(value), MESSAGES.invalidEmail),
});
