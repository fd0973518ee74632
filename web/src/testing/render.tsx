import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/provider';
import { routes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

/** Renders the real app (routes, providers, layout) at `url`. */
export function renderApp(url: string) {
  return renderRoutes(routes, url);
}

/** Renders one element at `path`, with a stand-in page for every other place it may go. */
export function renderPage(element: ReactNode, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <LocationProbe /> },
    ],
    url,
  );
}

function renderRoutes(routeObjects: RouteObject[], url: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [url] });
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user, location: () => router.state.location };
}

function LocationProbe() {
  return <p>Elsewhere</p>;
}
