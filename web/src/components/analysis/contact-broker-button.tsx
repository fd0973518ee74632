import { MessageCircle } from 'lucide-react';

/**
 * "Contact Broker" on one quote of a visitor's results (issue 25): opens the
 * contact modal about that quote. Its name says which quote (the visible words
 * begin it, so speech control finds it by them).
 */
export function ContactBrokerButton({ about, onContact }: { about: string; onContact: (about: string) => void }) {
  return (
    <button
      type="button"
      onClick={() => onContact(about)}
      aria-label={`Contact Broker about ${about}`}
      className="mt-2 inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-700 print:hidden"
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      Contact Broker
    </button>
  );
}
