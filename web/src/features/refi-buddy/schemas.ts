import { z } from 'zod';
import { optionalNumber, requiredNumber } from '@/lib/form';
import { isValidEmail, MESSAGES } from '@/lib/validation';

export const mortgageDetailsSchema = z.object({
  rate: requiredNumber('Current rate is required').refine((v) => v >= 0 && v <= 100, 'Rate must be between 0 and 100'),
  loanProgram: z.union([z.enum(['30-year-fixed', '15-year-fixed', '5-1-arm']), z.literal('')]).refine((v) => v !== '', 'Loan program is required'),
  monthlyPayment: requiredNumber('Monthly payment is required').refine((v) => v >= 0, 'Please enter an amount of 0 or more'),
  mortgageInsurance: optionalNumber().refine((v) => v === null || v >= 0, 'Please enter an amount of 0 or more'),
});

export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .refine((value) => isValidEmail(value), MESSAGES.invalidEmail),
});
