import './zod-csp';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadPages } from './app/lazy-page';
import { routes } from './app/routes';
import { wakeServer } from './lib/api-client';
import { siteQuery } from './lib/queries';
import { createQueryClient } from './lib/query-client';
import { servedSite } from './lib/site';
import './index.css';

wakeServer();

/**
 * The prerendered page shows what a first-time visitor sees. A visitor with
 * saved answers (keys 'qg.' in localStorage) or a query string may see another
 * state of the page, so it is rendered afresh rather than hydrated over markup
 * that no longer matches (decision 0015).
 */
function matchesPrerender(root: HTMLElement): boolean {
  if (!root.hasChildNodes() || window.location.search !== '') return false;
  try {
    return !Object.keys(window.localStorage).some((key) => key.startsWith('qg.'));
  } catch {
    return true; // storage disabled: nothing saved either
  }
}

async function start() {
  const queryClient = createQueryClient();
  // The server sent the site file's values in the page: no request, and the
  // footer renders the same markup the server filled in.
  const site = servedSite();
  if (site) queryClient.setQueryData(siteQuery().queryKey, site);
  // The page's own code first, so the first render has it and never suspends.
  await preloadPages(routes, window.location.pathname);

  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} />
      </BrowserRouter>
    </StrictMode>
  );
  if (matchesPrerender(root)) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
