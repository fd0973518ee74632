import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing, CircleCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { ConsentCheckbox } from '@/components/form/consent-checkbox';
import { TextField } from '@/components/form/field';
import { RadioGroup } from '@/components/form/radio-group';
import { useFocusOnChange } from '@/lib/announce';
import { ApiError, type Schema } from '@/lib/api-client';
import { useSite } from '@/lib/site';
import { useUpdateContactInfo } from '../api/update-contact-info';
import { asksForCalls, contactInfoFrom, notifyFormSchema, type NotifyFormValues } from '../schemas';

type ContactMethod = Schema<'ContactMethod'>;
type QuoteRequest = Schema<'QuoteRequest'>;

const methods = [
  { value: 'email', label: 'Email' },
  { value: 'text', label: 'Text' },
  { value: 'phone', label: 'Phone call' },
] as const;

const confirmations: Record<ContactMethod | 'none', string> = {
  email: "We'll email you as soon as your analysis is ready.",
  text: "We'll text you as soon as your analysis is ready.",
  phone: "We'll call you as soon as your analysis is ready.",
  none: "We've saved your contact details and will let you know as soon as your analysis is ready.",
};

/** A saved value as the form may start from: a masked one (j•••@example.com) is no value to send back. */
const unmasked = (value: string | null) => (value && !value.includes('•') ? value : '');

/** The server's field names for the form's own (a 400 names the field it refuses). */
const serverFields = { email: 'email', phone: 'phone', contactConsent: 'contactConsent', preferredContactMethod: 'method' } as const;

export function NotifyMeForm({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  // Details given earlier count as saved: the visitor sees the confirmation, not an empty form.
  const [savedMethod, setSavedMethod] = useState<ContactMethod | 'none' | null>(() =>
    quoteRequest.email || quoteRequest.phone ? (quoteRequest.preferred_contact_method ?? 'none') : null,
  );
  const updateContactInfo = useUpdateContactInfo(quoteRequest.id);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NotifyFormValues>({
    resolver: zodResolver(notifyFormSchema),
    // The visitor's answer masks saved details (docs/records.md): changing them starts from empty fields.
    // The consent box starts unticked, every time (TCPA, issue 26).
    defaultValues: {
      method: quoteRequest.preferred_contact_method,
      email: unmasked(quoteRequest.email),
      phone: unmasked(quoteRequest.phone),
      contactConsent: false,
    },
  });
  const site = useSite();
  const method = useWatch({ control, name: 'method' });
  const phone = useWatch({ control, name: 'phone' }).trim();
  // Saving replaces the form with its confirmation, 'Change contact details' brings the form back:
  // either way focus follows to what is now shown, and a confirmation is announced.
  const shown = useRef<HTMLDivElement & HTMLParagraphElement>(null);
  useFocusOnChange(savedMethod, shown, savedMethod ? confirmations[savedMethod] : null);

  const onSubmit = handleSubmit(async (form) => {
    try {
      await updateContactInfo.mutateAsync(contactInfoFrom(form));
      setSavedMethod(form.method ?? 'none');
    } catch (error) {
      // A refused field is shown at the field, focus on the first, as the form's own checks do.
      const fields = error instanceof ApiError ? error.fields : {};
      const refused = Object.entries(serverFields).filter(([server]) => fields[server]);
      refused.forEach(([server, name], i) => setError(name, { message: fields[server] }, { shouldFocus: i === 0 }));
      // Spec section 8: anything else is only logged; the form stays so the visitor can try again.
      if (refused.length === 0) console.error('Failed to save contact information', error);
    }
  });

  return (
    <Card padding={6} aria-labelledby="notify-title">
      <h2 id="notify-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <BellRing aria-hidden="true" className="size-5 text-blue-700" />
        Get notified when it's ready
      </h2>

      {savedMethod ? (
        <div ref={shown} className="mt-4 space-y-3">
          <p className="flex items-start gap-2 font-medium text-green-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {confirmations[savedMethod]}
          </p>
          {savedMethod === 'email' && (
            <p className="text-sm text-slate-700">If you don't see our email, please check your spam or junk folder.</p>
          )}
          <Button variant="ghost" onClick={() => setSavedMethod(null)}>
            Change contact details
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <p ref={shown} className="text-slate-700">
            Optional. Leave an email or phone number and we'll tell you the moment your results are ready.
          </p>
          <RadioGroup
            legend="How should we reach you?"
            options={methods}
            inputProps={register('method')}
            error={errors.method?.message}
            errorId="notify-method-error"
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            required={method === 'email'}
            {...register('email')}
          />
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            required={method === 'text' || method === 'phone'}
            {...register('phone')}
          />
          {asksForCalls(method, phone) && (
            <ConsentCheckbox
              brokerage={site?.brokerageName ?? 'the brokerage'}
              phone={phone || 'the number above'}
              error={errors.contactConsent?.message}
              inputProps={register('contactConsent')}
            />
          )}
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Notify Me'}
          </Button>
        </form>
      )}
    </Card>
  );
}
