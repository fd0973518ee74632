import { z } from 'zod';
import { isValidEmail, isValidInternationalPhone, MESSAGES } from '@/lib/validation';

// Spec section 5, notify form. No method is preselected, and the form may be sent
// without one; each method requires its own way to reach the visitor.
export const notifyFormSchema = z
  .object({
    method: z.enum(['email', 'text', 'phone']).nullable(),
    email: z.string(),
    phone: z.string(),
  })
  .superRefine((form, ctx) => {
    const email = form.email.trim();
    const phone = form.phone.trim();
    if (form.method === 'email' && !email) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailRequired });
    else if (email && !isValidEmail(email)) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
    const byPhone = form.method === 'text' || form.method === 'phone';
    if (byPhone && !phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneRequired });
    else if (phone && !isValidInternationalPhone(phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.invalidPhone });
  });

export type NotifyFormValues = z.infer<typeof notifyFormSchema>;
