import { z } from 'zod';
import { isValidEmail, MESSAGES } from '@/lib/validation';

export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, MESSAGES.emailRequired)
    .refine((value) => isValidEmail(value), MESSAGES.invalidEmail),
});
