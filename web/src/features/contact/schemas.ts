import { z } from 'zod';
import type { ContactModalMode } from '@/components/contact-modal-context';
import { CONTACT_PHONE_PATTERN, EMAIL_PATTERN, MESSAGES } from '@/lib/validation';

export const contactMethods = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone call' },
  { value: 'text', label: 'Text message' },
] as const;

// Spec section 5, contact form. All rules sit in one refinement so every message
// shows at once, whatever else is wrong.
export function contactFormSchema(mode: ContactModalMode) {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      preferredContact: z.enum(['email', 'phone', 'text']),
      question: z.string(),
    })
    .superRefine((form, ctx) => {
      const email = form.email.trim();
      const phone = form.phone.trim();
      if (!form.name.trim()) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required' });
      if (!email && !phone) {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please provide either email or phone number' });
      }
      if (email && !EMAIL_PATTERN.test(email)) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
      if (phone && !CONTACT_PHONE_PATTERN.test(phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.invalidPhone });
      // Asking for updated rates needs no question.
      if (mode === 'question' && !form.question.trim()) {
        ctx.addIssue({ code: 'custom', path: ['question'], message: 'Please enter your question' });
      }
    });
}

export type ContactFormValues = z.infer<ReturnType<typeof contactFormSchema>>;
