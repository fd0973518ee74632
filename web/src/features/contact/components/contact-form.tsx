import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { Button } from '@/components/button';
import type { ContactModalMode } from '@/components/contact-modal-context';
import { ConsentCheckbox } from '@/components/form/consent-checkbox';
import { SelectField, TextAreaField, TextField } from '@/components/form/field';
import { RadioGroup } from '@/components/form/radio-group';
import { ApiError } from '@/lib/api-client';
import { PRODUCT_STATE } from '@/lib/constants';
import { useSite } from '@/lib/site';
import { useSubmitContactRequest } from '../api/submit-contact-request';
import { contactFormSchema, contactMethods, fittingContactMethod, type ContactFormValues } from '../schemas';

const SUBMIT_FAILED = 'Failed to submit form. Please try again.';

type ContactFormProps = {
  mode: ContactModalMode;
  quoteRequestId: string | null;
  quotes: string[];
  aboutQuote: string | null;
  onSubmitted: () => void;
};

/** The dropdown's first choice, the default: the question is about none of the quotes. */
const NO_PARTICULAR_QUOTE = 'No particular quote';

export function ContactForm({ mode, quoteRequestId, quotes, aboutQuote, onSubmitted }: ContactFormProps) {
  const submit = useSubmitContactRequest();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    getValues,
    setValue,
    control,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema(mode)),
    // Spec: errors clear on edit; they come back only on the next submit.
    reValidateMode: 'onSubmit',
    defaultValues: { name: '', email: '', phone: '', preferredContact: 'email', question: '', contactConsent: false, aboutQuote: '' },
  });
  const site = useSite();
  const phone = useWatch({ control, name: 'phone' }).trim();

  // Email and phone answer one rule together ("either email or phone"), so an edit to either clears both.
  const field = (name: FieldPath<ContactFormValues>, alsoClear: FieldPath<ContactFormValues>[] = []) =>
    register(name, { onChange: () => clearErrors([name, ...alsoClear]) });

  // Until the visitor picks a method, it follows what they gave: only a phone
  // means a call, not an e-mail to nobody (issue 14, defect 5).
  const contactField = (name: 'email' | 'phone', other: 'email' | 'phone') =>
    register(name, {
      onChange: () => {
        clearErrors([name, other, 'preferredContact']);
        if (dirtyFields.preferredContact) return;
        const [email, phone] = getValues(['email', 'phone']);
        setValue('preferredContact', fittingContactMethod(email, phone));
      },
    });

  const onSubmit = handleSubmit(async (form) => {
    try {
      await submit.mutateAsync({
        name: form.name.trim(),
        email: form.email.trim() || null,
        phone: form.phone.trim() || null,
        question: form.question.trim() || null,
        preferredContact: form.preferredContact,
        state: PRODUCT_STATE,
        quoteRequestId,
        kind: mode,
        contactConsent: form.phone.trim() ? form.contactConsent : null,
        // The quote chosen on its row, or in the dropdown; left out for no particular quote.
        aboutQuote: aboutQuote ?? (form.aboutQuote || undefined),
      });
      onSubmitted();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const known = (['name', 'email', 'phone', 'question', 'contactConsent'] as const).filter((name) => fields[name]);
      known.forEach((name) => setError(name, { message: fields[name] }));
      if (known.length === 0) {
        setError('question', { message: error instanceof ApiError && error.status < 500 ? error.message : SUBMIT_FAILED });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {!aboutQuote && quotes.length > 0 && (
        <SelectField
          label="Which quote is this about?"
          options={[{ value: '', label: NO_PARTICULAR_QUOTE }, ...quotes.map((quote) => ({ value: quote, label: quote }))]}
          {...register('aboutQuote')}
        />
      )}
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...field('name')} />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...contactField('email', 'phone')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        hint="Give us an email, a phone number, or both."
        error={errors.phone?.message}
        {...contactField('phone', 'email')}
      />
      {phone && (
        // Unticked until the visitor agrees; it names the brokerage and the number (TCPA, issue 26).
        <ConsentCheckbox
          brokerage={site?.brokerageName ?? 'the brokerage'}
          phone={phone}
          error={errors.contactConsent?.message}
          inputProps={field('contactConsent')}
        />
      )}
      <RadioGroup
        legend="Preferred contact method"
        options={contactMethods}
        inputProps={field('preferredContact')}
        error={errors.preferredContact?.message}
        errorId="contact-method-error"
      />
      <TextAreaField
        label={mode === 'update_rates' ? 'Anything we should know? (optional)' : 'Your question'}
        rows={4}
        error={errors.question?.message}
        {...field('question')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : mode === 'update_rates' ? 'Request Updated Rates' : 'Send My Question'}
      </Button>
    </form>
  );
}
