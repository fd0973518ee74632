// The build's prerenderer (scripts/prerender.mjs) renders each public page with
// this module, built by `vite build --ssr` (decision 0015).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './app/app';
import { preloadPages } from './app/lazy-page';
import { routes } from './app/routes';
import type { Schema } from './lib/api-client';
import { siteQuery } from './lib/queries';
import { createQueryClient } from './lib/query-client';
import { sitePlaceholder } from './lib/site';

type Site = Schema<'Site'>;

/** The site's values as placeholders the server fills in from the site file when it serves the page. */
const placeholderSite: Site = {
  brokerageName: sitePlaceholder('brokerageName'),
  brand: sitePlaceholder('brand'),
  brokerageNmls: sitePlaceholder('brokerageNmls'),
  postalAddress: sitePlaceholder('postalAddress'),
  contactEmail: sitePlaceholder('contactEmail'),
  contactPhone: sitePlaceholder('contactPhone'),
  sisterSite: { state: sitePlaceholder('sisterSiteState'), url: sitePlaceholder('sisterSiteUrl') },
  // No public page names a partner lender; the server sends them in the page's data.
  lenders: [],
  // Lists cannot be placeholders: the pages show them once hydrated (useHydrated).
  stateLicences: [],
  testimonials: [],
  // The notice is rendered and the server keeps it only for the demonstration site.
  demonstration: true,
};

/** The markup of the app at url, as a first-time visitor's browser renders it. */
export async function render(url: string): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQuery().queryKey, placeholderSite);
  await preloadPages(routes, url);
  return renderToString(
    <StaticRouter location={url}>
      <App queryClient={queryClient} />
    </StaticRouter>,
  );
}
