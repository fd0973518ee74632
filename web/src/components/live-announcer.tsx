import { useCallback, useState, type ReactNode } from 'react';
import { AnnounceContext, type Announce } from '@/lib/announce';

type Spoken = { polite: string; assertive: string };

/**
 * Two visually hidden live regions (aria-live, no role: they hold no content of their own), in the page from the start: screen readers only
 * announce changes to a region they already know, not a region inserted with its text.
 * Everything inside `children` announces through them (useAnnounce).
 */
export function LiveAnnouncer({ children }: { children: ReactNode }) {
  const [spoken, setSpoken] = useState<Spoken>({ polite: '', assertive: '' });
  const announce = useCallback<Announce>((message, politeness = 'polite') => {
    setSpoken((previous) => ({
      ...previous,
      // The same words twice must still be a change, or the second is not heard:
      // alternate a trailing no-break space, which is not spoken.
      [politeness]: previous[politeness] === message ? `${message}\u00a0` : message,
    }));
  }, []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div data-announcer="polite" aria-live="polite" aria-atomic="true" className="sr-only">
        {spoken.polite}
      </div>
      <div data-announcer="assertive" aria-live="assertive" aria-atomic="true" className="sr-only">
        {spoken.assertive}
      </div>
    </AnnounceContext.Provider>
  );
}
