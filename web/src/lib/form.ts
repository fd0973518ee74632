// Number inputs hold strings while the visitor types; these schemas turn them into numbers.
import { z } from 'zod';
import type { FigureCheck } from '@/lib/limits';
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

/** The first check's message for value, or null (lib/limits). */
function firstMessage(value: number, checks: FigureCheck[]): string | null {
  for (const check of checks) {
    const message = check(value);
    if (message !== null) return message;
  }
  return null;
}

/** A required figure in range: outside it, the server's message (nothing is clamped, issue 25). */
export function requiredFigure(requiredMessage: string, ...checks: FigureCheck[]) {
  return requiredNumber(requiredMessage).superRefine((value, ctx) => {
    const message = firstMessage(value, checks);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
}

/** An optional figure in range, null when left blank. */
export function optionalFigure(...checks: FigureCheck[]) {
  return optionalNumber().superRefine((value, ctx) => {
    const message = value === null ? null : firstMessage(value, checks);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
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
