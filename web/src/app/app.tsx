import { Suspense } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useRoutes } from 'react-router';
import { AppProviders } from './provider';
import { routes } from './routes';

/**
 * The whole app under whichever router the caller gives it: BrowserRouter in
 * the browser, StaticRouter when the build prerenders a page. The declarative
 * router is enough (no loaders) and weighs far less than the data router,
 * which counts against every page's script budget (decision 0015).
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <Suspense>
        <AppRoutes />
      </Suspense>
    </AppProviders>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
