import type { ComponentProps } from 'react';
import { ContactModal } from '@/features/contact';
import { storage } from '@/lib/storage';

/** The contact modal, tying the question to the visitor's saved quote request when the page gave none. */
export function SavedRequestContactModal(props: ComponentProps<typeof ContactModal>) {
  return <ContactModal {...props} quoteRequestId={props.quoteRequestId ?? storage.requestId.get()} />;
}
