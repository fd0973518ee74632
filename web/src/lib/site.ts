// The operator's own details (GET /api/site, from the site file): the pages
// show these, never compiled-in values, so a brokerage names itself without
// rebuilding the web app (decision 0011).
import { useQuery } from '@tanstack/react-query';
import type { Schema } from './api-client';
import { siteQuery } from './queries';

type Site = Schema<'Site'>;
type SiteLender = Schema<'SiteLender'>;

/** The site's details; undefined until the one cached request has answered. */
export function useSite(): Site | undefined {
  return useQuery(siteQuery()).data;
}

/** An NMLS number as licences are written: "NMLS #123456". */
export function nmlsText(nmls: string): string {
  return `NMLS #${nmls}`;
}

/** A tel: target for a US phone number as people write it: "(801) 555-0142" is +18015550142. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** The partner lender an analysis names; a lender since removed from the site file keeps its id as its name. */
export function lenderOf(site: Site | undefined, id: string): Pick<SiteLender, 'name' | 'nmls'> | undefined {
  const lender = site?.lenders.find((l) => l.id === id);
  if (lender) return lender;
  return site ? { name: id, nmls: '' } : undefined;
}
