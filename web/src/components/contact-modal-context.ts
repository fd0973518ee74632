import { createContext, useContext } from 'react';

export type ContactModalMode = 'question' | 'update_rates';

export type OpenContactModal = (options?: { mode?: ContactModalMode; quoteRequestId?: string | null }) => void;

// The contact modal lives once in the app shell; any page may open it.
export const ContactModalContext = createContext<OpenContactModal | null>(null);

export function useContactModal(): OpenContactModal {
  const open = useContext(ContactModalContext);
  if (!open) throw new Error('useContactModal must be used inside the app providers');
  return open;
}
