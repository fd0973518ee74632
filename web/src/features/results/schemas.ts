import { z } from 'zod';
import { isValidEmail, isValidInternationalPhone, MESSAGES } from '@/lib/validation';

export const NOTHING_TO_SAVE = 'Please enter an email or a phone number so we can reach you';

/** The server's words (quoterequest.MsgContactConsent) for a text or a call asked for without consent. */
export const MSG_NOTIFY_CONSENT = 'Please agree to be called or texted at this number, or choose Email';

/**
 * Whether the form asks to be reached by phone, so the consent box shows
 * (TCPA, issue 26): Text or Phone call, or a phone with no method chosen.
 * E-mail needs no consent.
 */
export function asksForCalls(method: NotifyFormValues['method'], phone: string): boolean {
  return method === 'text' || method === 'phone' || (method === null && phone.trim() !== '');
}

// Spec section 5, notify form. No method is preselected, and the form may be sent
// without one; each method requires its own way to reach the visitor. Only the
// chosen method's field is checked (issue 14, defect 4): a half-typed phone left
// behind when the visitor switches to Email does not block them, and is not sent.
// With nothing at all to save, nothing is sent and nothing is claimed saved.
export const notifyFormSchema = z
  .object({
    method: z.enum(['email', 'text', 'phone']).nullable(),
    email: z.string(),
    phone: z.string(),
    contactConsent: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const email = form.email.trim();
    const phone = form.phone.trim();
    const byPhone = form.method === 'text' || form.method === 'phone';
    if (form.method === null && !email && !phone) {
      ctx.addIssue({ code: 'custom', path: ['method'], message: NOTHING_TO_SAVE });
      return;
    }
    if (form.method === 'email' && !email) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.emailRequired });
    else if (!byPhone && email && !isValidEmail(email)) ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.invalidEmail });
    if (byPhone && !phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.phoneRequired });
    else if (form.method !== 'email' && phone && !isValidInternationalPhone(phone)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.invalidPhone });
    // As the server: a valid number kept for a text or a call comes with the ticked box.
    else if (asksForCalls(form.method, phone) && phone && !form.contactConsent) {
      ctx.addIssue({ code: 'custom', path: ['contactConsent'], message: MSG_NOTIFY_CONSENT });
    }
  });

export type NotifyFormValues = z.infer<typeof notifyFormSchema>;

/** What is saved: the chosen method's field, and the other one only when it is valid. */
export function contactInfoFrom(form: NotifyFormValues) {
  const email = form.email.trim();
  const phone = form.phone.trim();
  return {
    email: email && isValidEmail(email) ? email : null,
    phone: phone && isValidInternationalPhone(phone) ? phone : null,
    preferredContactMethod: form.method,
    // The consent goes only with a text or a call; the server words and stores it.
    contactConsent: asksForCalls(form.method, phone) ? form.contactConsent : null,
  };
}
