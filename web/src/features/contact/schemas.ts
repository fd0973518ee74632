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
      contactConsent: z.boolean(),
      /** The quote chosen in "Which quote is this about?"; empty for no particular quote. */
      aboutQuote: z.string(),
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
      // No call or text without consent (TCPA, issue 26): the server refuses a phone number without it too.
      if (phone && !form.contactConsent) ctx.addIssue({ code: 'custom', path: ['contactConsent'], message: MSG_CONTACT_CONSENT });
      // The preferred method must be one the visitor gave us (issue 14, defect 5).
      const preferenceMissing = preferredWithout(form.preferredContact, email, phone);
      if (preferenceMissing) ctx.addIssue({ code: 'custom', path: ['preferredContact'], message: preferenceMissing });
      // Asking for updated rates needs no question.
      if (mode === 'question' && !form.question.trim()) {
        ctx.addIssue({ code: 'custom', path: ['question'], message: 'Please enter your question' });
      }
    });
}

/** The server's words (contact.MsgContactConsent) for a phone number without consent. */
export const MSG_CONTACT_CONSENT = 'Please agree to be called or texted at this number, or leave the phone number out';

/** Why the preferred method cannot be used with what was given; null when it can. */
function preferredWithout(method: 'email' | 'phone' | 'text', email: string, phone: string): string | null {
  if (!email && !phone) return null;
  if (method === 'email' && !email) return 'Please add your email, or choose Phone call or Text message';
  if (method !== 'email' && !phone) return 'Please add your phone number, or choose Email';
  return null;
}

/** The method that fits what was given: email when there is one, else the phone. */
export function fittingContactMethod(email: string, phone: string): 'email' | 'phone' {
  return !email.trim() && phone.trim() ? 'phone' : 'email';
}

export type ContactFormValues = z.infer<ReturnType<typeof contactFormSchema>>;
