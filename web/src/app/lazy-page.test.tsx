import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPart, withParts } from '@/components/lazy-part';
import { lazyPage } from './lazy-page';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('a page with a lazy part (decision 0026)', () => {
  it('counts as loaded only once its part has loaded, then renders page and part without suspending', async () => {
    const partCode = deferred<() => ReactNode>();
    const Form = lazyPart(() => partCode.promise);
    const Page = lazyPage(async () =>
      withParts(function Page() {
        return (
          <main>
            <h1>The page</h1>
            <Form />
          </main>
        );
      }, Form),
    );

    let loaded = false;
    const loading = Page.preload().then(() => (loaded = true));
    await new Promise((settle) => setTimeout(settle, 10));
    expect(loaded).toBe(false);

    partCode.resolve(() => <form aria-label="The form" />);
    await loading;
    // No Suspense boundary around it: had it suspended, nothing would be rendered.
    render(<Page />);
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'The form' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-page-ready');
  });
});
