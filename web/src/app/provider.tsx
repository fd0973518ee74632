import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { LiveAnnouncer } from '@/components/live-announcer';
import { ContactModalContext, type ContactModalMode, type OpenContactModal } from '@/components/contact-modal-context';
import { lazyPage } from './lazy-page';

// The contact form (and its form and schema libraries) loads when a visitor
// first opens it, not with every page (decision 0015).
export const ContactModal = lazyPage(() => import('./contact-modal-loader').then((m) => m.SavedRequestContactModal));

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveAnnouncer>
        <ContactModalProvider>{children}</ContactModalProvider>
      </LiveAnnouncer>
      {/* Toasts announce themselves: sonner keeps its own polite live region in the page. */}
      <DeferredToaster />
    </QueryClientProvider>
  );
}

// The toasts' library is not needed to paint a page: it loads once the page is up.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

function DeferredToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true));
    return () => clearTimeout(timer);
  }, []);
  if (!ready) return null;
  return (
    <Suspense>
      <Toaster position="top-center" duration={3000} richColors closeButton />
    </Suspense>
  );
}

type ContactModalState = {
  open: boolean;
  mode: ContactModalMode;
  quoteRequestId: string | null;
  quotes: string[];
  aboutQuote: string | null;
  session: number;
};

/** One contact modal for the whole site; pages open it through useContactModal(). */
function ContactModalProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ContactModalState>({
    open: false,
    mode: 'question',
    quoteRequestId: null,
    quotes: [],
    aboutQuote: null,
    session: 0,
  });

  const open = useCallback<OpenContactModal>((options = {}) => {
    setState((previous) => ({
      open: true,
      mode: options.mode ?? 'question',
      // Without one, the modal ties the question to the visitor's saved quote request.
      quoteRequestId: options.quoteRequestId ?? null,
      quotes: options.quotes ?? [],
      aboutQuote: options.aboutQuote ?? null,
      session: previous.session + 1,
    }));
  }, []);

  return (
    <ContactModalContext.Provider value={open}>
      {children}
      {state.session > 0 && (
        <Suspense>
          <ContactModal
            // A new session starts a fresh form rather than showing the last thank-you.
            key={state.session}
            open={state.open}
            mode={state.mode}
            quoteRequestId={state.quoteRequestId}
            quotes={state.quotes}
            aboutQuote={state.aboutQuote}
            onClose={() => setState((previous) => ({ ...previous, open: false }))}
          />
        </Suspense>
      )}
    </ContactModalContext.Provider>
  );
}
