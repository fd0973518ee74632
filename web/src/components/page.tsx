import type { ReactNode } from 'react';

/** The page's outer column: mobile-first padding, readable width. */
export function Page({ children, width = 'default' }: { children: ReactNode; width?: 'default' | 'narrow' | 'wide' }) {
  const max = width === 'narrow' ? 'max-w-2xl' : width === 'wide' ? 'max-w-6xl' : 'max-w-4xl';
  return <div className={`mx-auto w-full ${max} px-4 py-8 sm:px-6 sm:py-12`}>{children}</div>;
}

export function PageTitle({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <header className="mb-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{children}</h1>
      {intro && <p className="mt-3 text-lg text-slate-700">{intro}</p>}
    </header>
  );
}
