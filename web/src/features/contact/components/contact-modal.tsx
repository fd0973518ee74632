import { useRef, useState } from 'react';
import { Button } from '@/components/button';
import type { ContactModalMode } from '@/components/contact-modal-context';
import { Modal } from '@/components/modal';
import { useFocusOnMount } from '@/lib/announce';
import { ContactForm } from './contact-form';

type ContactModalProps = {
  open: boolean;
  mode: ContactModalMode;
  quoteRequestId: string | null;
  /** The request's quotes, for "Which quote is this about?" when none is chosen. */
  quotes?: string[];
  /** The quote chosen with "Contact Broker" on it. */
  aboutQuote?: string | null;
  onClose: () => void;
};

export function ContactModal({ open, mode, quoteRequestId, quotes = [], aboutQuote = null, onClose }: ContactModalProps) {
  const [submitted, setSubmitted] = useState(false);
  const title = submitted
    ? 'Thank You!'
    : mode === 'update_rates'
      ? 'Request Updated Rates'
      : aboutQuote
        ? 'Contact Broker'
        : 'Speak to a Mortgage Professional';

  return (
    <Modal open={open} onClose={onClose} title={title}>
      {submitted ? (
        <ThankYou onClose={onClose} />
      ) : (
        <>
          <p className="mb-4 text-slate-700">
            {mode === 'update_rates'
              ? "Rates change daily. Tell us how to reach you and we'll send today's numbers for your scenario."
              : 'A licensed loan officer will answer your question, usually the same day. No obligation.'}
          </p>
          {aboutQuote && (
            <p className="mb-4 rounded-lg bg-slate-100 p-3 text-slate-900" data-rate-pair="" data-rate="inline">
              About: <strong>{aboutQuote}</strong>
            </p>
          )}
          <ContactForm
            mode={mode}
            quoteRequestId={quoteRequestId}
            quotes={quotes}
            aboutQuote={aboutQuote}
            onSubmitted={() => setSubmitted(true)}
          />
        </>
      )}
    </Modal>
  );
}

const THANK_YOU = "We've received your question and are looking forward to helping with your mortgage.";

/** Replaces the form once it is sent: focus moves to it and it is announced, in the dialog's own live region. */
function ThankYou({ onClose }: { onClose: () => void }) {
  const message = useRef<HTMLParagraphElement>(null);
  useFocusOnMount(message, `Thank You! ${THANK_YOU}`);
  return (
    <div className="space-y-6">
      <p ref={message} className="text-slate-700">
        {THANK_YOU}
      </p>
      <Button onClick={onClose} className="w-full" size="lg">
        Close
      </Button>
    </div>
  );
}
