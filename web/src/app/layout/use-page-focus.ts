import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { moveFocusTo, useAnnounce } from '@/lib/announce';

/** How long a page that is still loading (the broker area, a request) may take to show its h1. */
const HEADING_WAIT_MS = 10_000;

/**
 * Spec section 2 and issue 16: every route change scrolls to the top, moves focus to the
 * new page's main heading and announces the new page's title. The first page load is
 * left to the browser, which announces the document itself.
 *
 * A page still loading has no h1 yet: focus waits on <main> and moves to the h1 (with
 * the title, set by then) once it appears, unless the visitor has moved on meanwhile.
 */
export function usePageFocusOnRouteChange(mainId: string) {
  const { pathname } = useLocation();
  const announce = useAnnounce();
  const previous = useRef(pathname);

  useEffect(() => {
    window.scrollTo(0, 0);
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(mainId);
    if (!main) return;

    const arrive = (heading: HTMLElement) => {
      moveFocusTo(heading);
      announce(document.title);
    };
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      arrive(heading);
      return;
    }

    moveFocusTo(main);
    const observer = new MutationObserver(() => {
      const late = main.querySelector<HTMLElement>('h1');
      if (!late) return;
      stop();
      // Only if focus is still where the route change left it.
      if (document.activeElement === main || document.activeElement === document.body) arrive(late);
    });
    const timer = window.setTimeout(() => {
      stop();
      announce(document.title);
    }, HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId, announce]);
}
