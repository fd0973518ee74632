import { use, type ComponentType } from 'react';

/** A part of a page whose code loads after the page's own (decision 0026). */
export type LazyPart<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Part of a page (a form, an analysis) whose code is a chunk of its own,
 * loaded with a dynamic import once the page's module runs: it is not in the
 * chunks the prerendered HTML names, so its libraries (React Hook Form, zod)
 * do not count against the script loaded before first paint (decision 0026).
 * The prerendered HTML already shows the part. The page that renders it lists
 * it with `withParts`, and the app loads the parts before it hydrates or
 * renders the page, so the part never suspends and both sides render the same
 * markup.
 */
export function lazyPart<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  function Part(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(Part, { preload });
}

type Preloadable = { preload: () => Promise<unknown> };

/** A page and the lazy parts it renders: whoever loads the page loads them before rendering it. */
export function withParts<P extends object>(page: ComponentType<P>, ...parts: Preloadable[]): ComponentType<P> {
  return Object.assign(page, { parts });
}

/** Loads the lazy parts a page declared with withParts (none for most pages). */
export async function preloadParts(page: object): Promise<void> {
  const parts = (page as { parts?: Preloadable[] }).parts ?? [];
  await Promise.all(parts.map((part) => part.preload()));
}
