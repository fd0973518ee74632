// The operator's own details (GET /api/site, from the site file): the pages
// show these, never compiled-in values, so a brokerage names itself without
// rebuilding the web app (decision 0011).
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Schema } from './api-client';
import { siteQuery } from './queries';

type Site = Schema<'Site'>;
type SiteLender = Schema<'SiteLender'>;

/** The site's details; undefined until the one cached request has answered. */
export function useSite(): Site | undefined {
  return useQuery(siteQuery()).data;
}

/** The company's NMLS Consumer Access entry, linked beside its NMLS ID (internal/site.ConsumerAccessURL). */
export function consumerAccessUrl(nmls: string): string {
  return `https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/${encodeURIComponent(nmls)}`;
}

const noSubscription = () => () => undefined;

/**
 * False while the page is prerendered or hydrated, true after: the site
 * file's lists (licences, testimonials) have no placeholders in the
 * prerendered markup, so they appear once the page is the browser's own.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** An NMLS number as licences are written: "NMLS #123456". */
export function nmlsText(nmls: string): string {
  return `NMLS #${nmls}`;
}

/**
 * The prerendered pages are built once for every operator: the build renders
 * each site value as this placeholder and the server puts the site file's value
 * in its place when it serves the page (decision 0015).
 */
export function sitePlaceholder(key: string): string {
  return `__QG_SITE_${key}__`;
}

/** The site file's values the server put in the page it sent (index.html's qg-site element), if it did. */
export function servedSite(): Site | undefined {
  const text = document.getElementById('qg-site')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Site;
  } catch {
    return undefined; // the dev server sends the placeholder unfilled
  }
}

/** A tel: target for a US phone number as people write it: "(801) 555-0142" is +18015550142. */
export function phoneHref(phone: string): string {
  // The server works out the prerendered page's link from the site file's number.
  if (phone === sitePlaceholder('contactPhone')) return sitePlaceholder('contactPhoneHref');
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** The partner lender an analysis names; a lender since removed from the site file keeps its id as its name. */
export function lenderOf(site: Site | undefined, id: string): Pick<SiteLender, 'name' | 'nmls'> | undefined {
  const lender = site?.lenders.find((l) => l.id === id);
  if (lender) return lender;
  return site ? { name: id, nmls: '' } : undefined;
}

/**
 * A page's title with the site file's brand (issue 26: the site names itself from the site file, never a compiled-in name):
 * "PAGE · BRAND", or "BRAND – PAGE" (the home page). Prerendered, the brand is its placeholder, as route-table.json writes it.
 */
export function SiteTitle({ page, brandFirst = false }: { page: string; brandFirst?: boolean }) {
  const site = useSite();
  if (!site) return <title>{page}</title>;
  return <title>{brandFirst ? `${site.brand} – ${page}` : `${page} · ${site.brand}`}</title>;
}
