import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Page } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { Footer } from './footer';
import { Header } from './header';
import { usePageFocusOnRouteChange } from './use-page-focus';

export function RootLayout() {
  usePageFocusOnRouteChange('main');
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-blue-700 print:hidden"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 bg-slate-50 print:bg-white">
        {/* A page's code loads with its route; the header and footer stay while it does. */}
        <Suspense
          fallback={
            <Page>
              <Spinner label="Loading the page…" />
            </Page>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
