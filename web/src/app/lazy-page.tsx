import { use, useEffect, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { preloadParts } from '@/components/lazy-part';

/** A page whose code loads with its route (decision 0015). */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * A page component loaded on demand. Unlike React.lazy, once its module has
 * loaded it renders at once: the browser loads the current page's module before
 * hydrating the prerendered HTML, and the build loads it before rendering, so
 * neither side suspends and the two render the same markup. A page's lazy
 * parts (components/lazy-part, loaded after the page's module rather than with
 * it) load before the page counts as loaded, for the same reason.
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(async (component) => {
      await preloadParts(component);
      loaded = component;
      return component;
    }));
  function Page(props: P) {
    const Component = loaded ?? use(preload());
    useEffect(markPageReady, []);
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/**
 * Marks the document once a page's own code has rendered (hydrated or fresh):
 * React drops a click made on prerendered markup whose code has not arrived
 * (it replays no discrete event, decision 0015), so the browser tests wait for
 * this before they click inside a page.
 */
function markPageReady() {
  document.documentElement.dataset.pageReady = '';
}

type PreloadHandle = { preload?: () => Promise<unknown> };

/** Loads the code of every page the route table matches at pathname. */
export async function preloadPages(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map((match) => (match.route.handle as PreloadHandle | undefined)?.preload?.()));
}

/** Loads the code of every page in the table (unit tests render them without waiting). */
export async function preloadAllPages(routes: RouteObject[]): Promise<void> {
  const all = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...all(route.children ?? [])]);
  await Promise.all(all(routes).map((route) => (route.handle as PreloadHandle | undefined)?.preload?.()));
}
