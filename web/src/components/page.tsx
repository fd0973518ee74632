import type { ReactNode } from 'react';
import { SiteTitle } from '@/lib/site';

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

type TitledPageProps = {
  /** The page's heading, and the browser tab's words unless `title` says otherwise. */
  heading: string;
  title?: string;
  intro?: ReactNode;
  width?: 'default' | 'narrow' | 'wide';
  children?: ReactNode;
};

/** A page with its browser tab's title and its heading, said in one place (the tab names the page, WCAG 2.4.2). */
export function TitledPage({ heading, title = heading, intro, width, children }: TitledPageProps) {
  return (
    <Page width={width}>
      <SiteTitle page={title} />
      <PageTitle intro={intro}>{heading}</PageTitle>
      {children}
    </Page>
  );
}
