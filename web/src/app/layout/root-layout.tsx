import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  useScrollToTopOnRouteChange();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-blue-700"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 bg-slate-50">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Spec section 2: every route change scrolls to the top. */
function useScrollToTopOnRouteChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
