import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { LiveAnnouncer } from '@/components/live-announcer';
import { ContactModalContext, type ContactModalMode, type OpenContactModal } from '@/components/contact-modal-context';
import { ContactModal } from '@/features/contact';
import { storage } from '@/lib/storage';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveAnnouncer>
        <ContactModalProvider>{children}</ContactModalProvider>
      </LiveAnnouncer>
      {/* Toasts announce themselves: sonner keeps its own polite live region in the page. */}
      <Toaster position="top-center" duration={3000} richColors closeButton />
    </QueryClientProvider>
  );
}

type ContactModalState = { open: boolean; mode: ContactModalMode; quoteRequestId: string | null; session: number };

/** One contact modal for the whole site; pages open it through useContactModal(). */
function ContactModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ContactModalState>({ open: false, mode: 'question', quoteRequestId: null, session: 0 });

  const open = useCallback<OpenContactModal>((options = {}) => {
    setState((previous) => ({
      open: true,
      mode: options.mode ?? 'question',
      // Tie the question to the visitor's quote request when there is one.
      quoteRequestId: options.quoteRequestId ?? storage.requestId.get(),
      session: previous.session + 1,
    }));
  }, []);

  return (
    <ContactModalContext.Provider value={open}>
      {children}
      <ContactModal
        // A new session starts a fresh form rather than showing the last thank-you.
        key={state.session}
        open={state.open}
        mode={state.mode}
        quoteRequestId={state.quoteRequestId}
        onClose={() => setState((previous) => ({ ...previous, open: false }))}
      />
    </ContactModalContext.Provider>
  );
}
