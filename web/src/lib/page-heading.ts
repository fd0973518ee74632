import type { RefObject } from 'react';

/**
 * The page's h1 as a ref, for useFocusOnChange: a page that replaces its own state (a link
 * acted on, a watch unsubscribed) sends focus back to its heading, as a route change does
 * (decision 0012). Read when focus moves, so it is the heading shown then.
 */
export const pageHeading: RefObject<HTMLElement | null> = {
  get current() {
    return document.querySelector<HTMLElement>('main h1');
  },
};
