import { createContext, useContext, useEffect, useRef, type RefObject } from 'react';

export type Politeness = 'polite' | 'assertive';
export type Announce = (message: string, politeness?: Politeness) => void;

/**
 * Says a message through the nearest live region (the app's, or an open dialog's:
 * a modal dialog makes the rest of the page inert, so a region outside it is not heard).
 */
export const AnnounceContext = createContext<Announce>(() => {});

export function useAnnounce(): Announce {
  return useContext(AnnounceContext);
}

/**
 * Moves focus to an element that shows a change: a heading, a result or a message.
 * Elements that are not focusable by nature get tabindex="-1", so they take focus
 * from the script without joining the Tab order.
 */
export function moveFocusTo(element: HTMLElement | null | undefined): boolean {
  if (!element) return false;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
  return document.activeElement === element;
}

/**
 * When `key` changes (never on the first render), focus moves to `target` and `message`
 * is announced: for a form replaced by its result, or a result replaced by its form.
 */
export function useFocusOnChange(key: unknown, target: RefObject<HTMLElement | null>, message?: string | null) {
  const announce = useAnnounce();
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    moveFocusTo(target.current);
    if (message) announce(message);
  }, [key, target, message, announce]);
}

/** For a part that only ever appears after the visitor acted (a thank-you): focus and announce it when it appears. */
export function useFocusOnMount(target: RefObject<HTMLElement | null>, message?: string | null) {
  const announce = useAnnounce();
  const done = useRef(false);
  useEffect(() => {
    // Once: React's strict mode runs mount effects twice in development.
    if (done.current) return;
    done.current = true;
    moveFocusTo(target.current);
    if (message) announce(message);
  }, [target, message, announce]);
}

/** Announces `message` each time it changes to a non-empty text (e.g. a result that arrives after loading). */
export function useAnnounceWhenChanged(message: string | null | undefined, politeness: Politeness = 'polite') {
  const announce = useAnnounce();
  const said = useRef<string | null | undefined>(null);
  useEffect(() => {
    if (!message || said.current === message) return;
    said.current = message;
    announce(message, politeness);
  }, [message, politeness, announce]);
}
