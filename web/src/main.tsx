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
  const root = document.getElementById('root')!;
  const hydrate = matchesPrerender(root);
  const pageCode = preloadPages(routes, window.location.pathname);
  // A fresh render waits for the page's own code, so it never shows a spinner.
  // Hydration starts at once: React listens to the prerendered page from now on
  // and replays a click on a part whose code is still loading once it hydrates,
  // where waiting first lost every click made before the page's code arrived.
  if (!hydrate) await pageCode;
  else pageCode.catch(() => undefined); // a failed load reaches the page's error boundary through use()

  const app = (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} />
      </BrowserRouter>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
