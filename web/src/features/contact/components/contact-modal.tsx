import { useState } from 'react';
import { Button } from '@/components/button';
import type { ContactModalMode } from '@/components/contact-modal-context';
import { Modal } from '@/components/modal';
import { ContactForm } from './contact-form';

type ContactModalProps = {
  open: boolean;
  mode: ContactModalMode;
  quoteRequestId: string | null;
  onClose: () => void;
};

export function ContactModal({ open, mode, quoteRequestId, onClose }: ContactModalProps) {
  const [submitted, setSubmitted] = useState(false);
  const title = submitted ? 'Thank You!' : mode === 'update_rates' ? 'Request Updated Rates' : 'Speak to a Mortgage Professional';

  return (
    <Modal open={open} onClose={onClose} title={title}>
      {submitted ? (
        <div className="space-y-6">
          <p className="text-slate-700">We've received your question and are looking forward to helping with your mortgage.</p>
          <Button onClick={onClose} className="w-full" size="lg">
            Close
          </Button>
        </div>
      ) : (
        <>
          <p className="mb-4 text-slate-700">
            {mode === 'update_rates'
              ? "Rates change daily. Tell us how to reach you and we'll send today's numbers for your scenario."
              : 'A licensed loan officer will answer your question, usually the same day. No obligation.'}
          </p>
          <ContactForm mode={mode} quoteRequestId={quoteRequestId} onSubmitted={() => setSubmitted(true)} />
        </>
      )}
    </Modal>
  );
}
