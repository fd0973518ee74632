import { z } from 'zod';
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, ZIP_CODE_MAX_LENGTH } from '@/lib/constants';
import { optionalFigure, requiredFigure } from '@/lib/form';
import { amountCheck, LIMIT_MESSAGES, MIN_HOME_VALUE, percentCheck } from '@/lib/limits';

// The server (internal/quoterequest/rules.go) uses the same words.
export const CREDIT_SCORE_MESSAGE = `Credit score must be a whole number between ${CREDIT_SCORE_MIN} and ${CREDIT_SCORE_MAX}`;
export const ZIP_REQUIRED = 'Zip code is required';
export const ZIP_TOO_LONG = `Zip code must be at most ${ZIP_CODE_MAX_LENGTH} characters`;
export const ZIP_INVALID = 'Please enter a 5-digit zip code';
export const ZIP_NOT_UTAH = 'Please enter a Utah zip code (840xx to 847xx); we grade quotes for Utah homes only';
/** Utah's ZIP codes are all 840xx to 847xx (internal/quoterequest/utah.go). */
export const UTAH_ZIP_PATTERN = /^84[0-7]\d{2}(-?\d{4})?$/;
export const DOWN_PAYMENT_BELOW_PRICE = 'Down payment must be less than the purchase price';
export const CASH_OUT_LEAVES_EQUITY =
  'Cash out must leave some equity: the remaining balance plus cash out must be less than the property value';

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
    .regex(/^\d{5}(-?\d{4})?$/, ZIP_INVALID)
    .regex(UTAH_ZIP_PATTERN, ZIP_NOT_UTAH),
});

/** An upper bound an amount must stay under, and the words when it does not. */
export type AmountLimit = { below: number; message: string };

/** A home's value must be at least $10,000 (a $1,000 price is a typo, issue 25). */
const homeValueCheck = (message: string) => (value: number) => (value < MIN_HOME_VALUE ? message : null);

/**
 * One dollar amount per step: property value, remaining balance, cash-out
 * amount. label names it in the server's messages ("Property value cannot be
 * negative"); minimum is a floor the amount must reach, with its words.
 */
export function amountSchema(requiredMessage: string, label: string, limit?: AmountLimit, minimum?: (value: number) => string | null) {
  return z.object({
    amount: requiredFigure(requiredMessage, amountCheck(label), ...(minimum ? [minimum] : [])).refine(
      (value) => limit === undefined || value < limit.below,
      limit?.message,
    ),
  });
}

/** The property value's floor, as the server's. */
export const propertyValueMinimum = homeValueCheck(LIMIT_MESSAGES.valueTooSmall);

/** The server's words (internal/quoterequest/rules.go): a balance above the home's value is refused, not graded (issue 25). */
export const BALANCE_NOT_ABOVE_VALUE = 'Remaining balance must not be more than the property value';

/** The remaining balance may be the home's value, not more. */
export function balanceLimit(propertyValue: number | undefined): AmountLimit | undefined {
  if (propertyValue === undefined || !(propertyValue > 0)) return undefined;
  return { below: propertyValue + 0.005, message: BALANCE_NOT_ABOVE_VALUE };
}

/** A cash-out must leave equity: balance plus cash out under the value (issue 14, defect 1). */
export function cashOutLimit(propertyValue: number | undefined, remainingBalance: number | undefined): AmountLimit | undefined {
  if (propertyValue === undefined || remainingBalance === undefined || !(propertyValue > 0)) return undefined;
  return { below: propertyValue - remainingBalance, message: CASH_OUT_LEAVES_EQUITY };
}

export const downPaymentSchema = z
  .object({
    purchasePrice: requiredFigure('Purchase price is required', amountCheck('Purchase price'), homeValueCheck(LIMIT_MESSAGES.priceTooSmall)),
    downPayment: requiredFigure('Down payment is required', amountCheck('Down payment')),
    downPaymentPercent: optionalFigure(percentCheck('Down payment percent')),
  })
  .refine((form) => form.downPayment < form.purchasePrice, {
    path: ['downPayment'],
    message: DOWN_PAYMENT_BELOW_PRICE,
  });
