import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/button';
import { TextAreaField, TextField } from '@/components/form/field';
import { LiveMessage } from '@/components/live-message';
import { Spinner } from '@/components/spinner';
import { moveFocusTo } from '@/lib/announce';
import { ApiError, type Schema } from '@/lib/api-client';
import { PRODUCT_STATE } from '@/lib/constants';
import { isValidEmail, MESSAGES } from '@/lib/validation';
import { emailCopyQuery, useSendEmail } from '../api/email';
import { TitledCard } from '@/components/card';

type QuoteRequest = Schema<'QuoteRequest'>;

const FAILED = 'Failed to send email';
export const MESSAGE_REQUIRED = 'Please enter a message';
const SENT = 'Email sent successfully';
const FIELDS = ['to', 'subject', 'button_link', 'button_text', 'message'] as const;

type SendEmailValues = { to: string; subject: string; button_link: string; button_text: string; message: string; marketing?: boolean };
type FieldName = (typeof FIELDS)[number];

/** What the last send came to; a new object each time, so focus moves again on a second send. */
type Outcome = { sent: true } | { sent: false; message: string; field: FieldName | null };

/**
 * Spec section 2: the Send Email form, offered with the notice's template
 * (subject, results link and button text). The server checks the fields and
 * its messages show on them.
 */
export function SendEmailCard({ request }: { request: QuoteRequest }) {
  const copy = useQuery(emailCopyQuery(request.id));
  return (
    <TitledCard id="send-email-title" title="Send Email">
      {copy.isPending ? (
        <Spinner label="Loading the e-mail template…" />
      ) : (
        <SendEmailForm
          requestId={request.id}
          defaults={{
            to: request.email ?? '',
            subject: copy.data?.subject ?? '',
            button_link: copy.data?.results_url ?? '',
            button_text: copy.data ? 'View Your Results' : '',
            // The Email Copy's body: the broker edits it rather than retyping it (issue 14, defect 11).
            // Its "See your results" line goes: the button carries the link, once (issue 25 §5).
            message: copy.data ? withoutLine(copy.data.body, copy.data.results_url) : '',
          }}
        />
      )}
    </TitledCard>
  );
}

/** The text without its paragraph holding `url`. */
function withoutLine(body: string, url: string): string {
  return body
    .split('\n\n')
    .filter((paragraph) => !paragraph.includes(url))
    .join('\n\n');
}

function SendEmailForm({ requestId, defaults }: { requestId: string; defaults: SendEmailValues }) {
  const send = useSendEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SendEmailValues>({ defaultValues: defaults });
  const message = register('message', { validate: (value) => value.trim() !== '' || MESSAGE_REQUIRED });
  const sentRef = useRef<HTMLParagraphElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  // The button is disabled while sending, which drops focus: it moves to the result instead,
  // or to the field the server's message names. The toasts announce themselves.
  useEffect(() => {
    if (!outcome) return;
    if (outcome.sent) moveFocusTo(sentRef.current);
    else if (outcome.field) setFocus(outcome.field);
    else moveFocusTo(failureRef.current);
  }, [outcome, setFocus]);

  const onSubmit = handleSubmit(async (form) => {
    setOutcome(null);
    const optional = (value: string) => value.trim() || null;
    try {
      await send.mutateAsync({
        to: form.to.trim(),
        subject: form.subject,
        message: form.message,
        button_link: optional(form.button_link),
        button_text: optional(form.button_text),
        state: PRODUCT_STATE,
        // Kept with the request, where its page lists it (docs/records.md).
        quote_request_id: requestId,
        // A marketing e-mail is refused to an address that unsubscribed (issue 26).
        marketing: form.marketing ?? false,
      });
      toast.success(SENT);
      setOutcome({ sent: true });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const named = FIELDS.filter((name) => fields[name]);
      named.forEach((name) => setError(name, { message: fields[name] }));
      // A message on a field says what to fix; the summary would only be vaguer.
      const summary = named.length === 0 ? (error instanceof Error && error.message ? error.message : FAILED) : '';
      setOutcome({ sent: false, message: summary, field: named[0] ?? null });
      toast.error(FAILED);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Send Email">
      {/* Checked here before sending, with the server's words; the server checks again. */}
      <TextField
        label="To"
        type="email"
        autoComplete="off"
        error={errors.to?.message}
        {...register('to', {
          validate: (to) => (to.trim() === '' ? MESSAGES.emailRequired : isValidEmail(to) || MESSAGES.invalidEmail),
        })}
      />
      <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextField label="Button Link" type="url" error={errors.button_link?.message} {...register('button_link')} />
      <TextField label="Button Text" error={errors.button_text?.message} {...register('button_text')} />
      <TextAreaField label="Message" rows={3} error={errors.message?.message} {...message} />
      <div className="flex items-start gap-2">
        <input id="send-email-marketing" type="checkbox" className="mt-1 size-4 shrink-0 accent-blue-700" {...register('marketing')} />
        <label htmlFor="send-email-marketing" className="text-sm text-slate-800">
          Marketing e-mail (offers or rate news, not about their own request): not sent to an address that unsubscribed
        </label>
      </div>
      <LiveMessage ref={failureRef} tone="error" className="font-medium text-red-700">
        {outcome && !outcome.sent ? outcome.message : null}
      </LiveMessage>
      {outcome?.sent && (
        <p ref={sentRef} className="font-medium text-green-800">
          {SENT}
        </p>
      )}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Email'}
      </Button>
    </form>
  );
}
