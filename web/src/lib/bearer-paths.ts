// Generated from internal/httpapi/openapi.json by scripts/gen-bearer-paths.mjs
// (npm run gen:api). Do not edit: change the document's `security` and regenerate.
import type { paths } from './api-types';

/** The paths whose operations openapi.json marks with the `bearer` security scheme: the broker's area and the user sync. */
export const BEARER_PATHS: ReadonlySet<keyof paths> = new Set<keyof paths>([
  '/users',
  '/users/{uid}',
  '/admin/quote-requests/pending',
  '/admin/quote-requests/analyzed',
  '/admin/quote-requests/{id}/analysis',
  '/admin/quote-requests/{id}/analysis/preview',
  '/admin/quote-requests/{id}/broker-quote',
  '/admin/contact-requests',
  '/admin/contact-requests/{id}/answered',
  '/analysis/request/{id}',
  '/analysis-suggestions',
  '/send-email',
  '/admin/profile',
  '/admin/outbox',
  '/admin/quote-requests/{id}/upload',
  '/admin/quote-requests/{id}/loan-estimate',
  '/admin/market-rates',
  '/admin/market-rates/weeks',
  '/admin/market-rates/{week}',
  '/admin/market-data/preview',
  '/admin/market-data/apply',
  '/admin/quote-requests/{id}/email-copy',
  '/admin/refi-watches',
  '/admin/refi-watches/run',
  '/admin/quote-requests/{id}',
  '/admin/quote-requests/{id}/versions',
  '/admin/quote-requests/{id}/emails',
  '/admin/quote-requests/{id}/records',
  '/admin/quote-requests/{id}/export',
  '/admin/quote-requests/{id}/hold',
  '/admin/admins',
  '/admin/audit',
]);
