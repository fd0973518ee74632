import { createContext, useContext } from 'react';

export type ContactModalMode = 'question' | 'update_rates';

export type ContactModalOptions = {
  mode?: ContactModalMode;
  quoteRequestId?: string | null;
  /** The request's quotes as the visitor sees them ("Bonneville Bank, 6.250% (6.412% APR)"): the modal asks which one the question is about. */
  quotes?: string[];
  /** The quote the visitor chose to ask about ("Contact Broker" on a quote): no dropdown then. */
  aboutQuote?: string | null;
};

export type OpenContactModal = (options?: ContactModalOptions) => void;

// The contact modal lives once in the app shell; any page may open it.
export const ContactModalContext = createContext<OpenContactModal | null>(null);

export function useContactModal(): OpenContactModal {
  const open = useContext(ContactModalContext);
  if (!open) throw new Error('useContactModal must be used inside the app providers');
  return open;
}

/**
 * On a visitor's own results page, opens the contact modal about one quote
 * (issue 25: "Contact Broker" on each quote). Null elsewhere (the example, the
 * broker's preview), where quotes have no such button.
 */
export const QuoteContactContext = createContext<((aboutQuote: string) => void) | null>(null);

export function useQuoteContact(): ((aboutQuote: string) => void) | null {
  return useContext(QuoteContactContext);
}
