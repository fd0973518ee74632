import { z } from 'zod';
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, ZIP_CODE_MAX_LENGTH } from '@/lib/constants';
import { optionalNumber, requiredNumber } from '@/lib/form';
import { isValidEmail, MESSAGES } from '@/lib/validation';

// The server (internal/quoterequest/rules.go) uses the same words.
export const CREDIT_SCORE_MESSAGE = `Credit score must be a whole number between ${CREDIT_SCORE_MIN} and ${CREDIT_SCORE_MAX}`;
export const ZIP_REQUIRED = 'Zip code is required';
export const ZIP_TOO_LONG = `Zip code must be at most ${ZIP_CODE_MAX_LENGTH} characters`;
export const ZIP_INVALID = 'Please enter a 5-digit zip code';

export const creditScoreSchema = z.object({
  creditScore: z
    .string()
    .trim()
    .refine((value) => /^\d+$/.test(value) && Number(value) >= CREDIT_SCORE_MIN && Number(value) <= CREDIT_SCORE_MAX, CREDIT_SCORE_MESSAGE)
    .transform(Number),
});

export const zipCodeSchema = z.object({
  zipCode: z
    .string()
    .trim()
    .min(1, ZIP_REQUIRED)
    .max(ZIP_CODE_MAX_LENGTH, ZIP_TOO_LONG)
    .regex(/^\d{5}(-?\d{4})?$/, ZIP_INVALID),
});

/** One dollar amount per step: property value, remaining balance, cash-out amount. */
export function amountSchema(requiredMessage: string) {
  return z.object({
    amount: requiredNumber(requiredMessage).refine((value) => value >= 0, 'Please enter an amount of 0 or more'),
  });
}

export const downPaymentSchema = z
  .object({
    purchasePrice: requiredNumber('Purchase price is required').refine((value) => value > 0, 'Purchase price must be more than 0'),
    downPayment: requiredNumber('Down payment is required').refine((value) => value >= 0, 'Down payment cannot be negative'),
    downPaymentPercent: optionalNumber(),
  })
  .refine((form) => form.downPayment <= form.purchasePrice, {
    path: ['downPayment'],
    message: 'Down payment cannot be more than the purchase price',
  });

export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .refine((value) => isValidEmail(value), MESSAGES.invalidEmail),
});
