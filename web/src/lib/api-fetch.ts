// The API's plain client: openapi-fetch over the types generated from
// internal/httpapi/openapi.json (api-types.ts, `make generate`), with every refusal
// turned into an ApiError carrying the server's own words. lib/api-client adds the
// broker's bearer token on top (it needs lib/auth, which needs this file: the split
// keeps the two from importing each other). Import from @/lib/api-client, which
// re-exports all of this; only lib/auth imports this file directly.
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './api-types';

/** A named schema of the OpenAPI document, e.g. Schema<'QuoteRequest'>. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export const API_BASE = '/api';

// Spec section 8, the broker area's texts for a refusal.
export const NO_AUTHENTICATED_USER = 'No authenticated user';
export const UNKNOWN_ERROR = 'Unknown error';

/** A refused request: the server's message and its per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;
  /** The Retry-After header's seconds, on a 429 or 503 that gave one. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, message: string, fields: Record<string, string> = {}, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in seconds; the HTTP-date form is not used by this server. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('Retry-After');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

/** The server's own words for a refusal; null when it gave none (an outage, a proxy's page, no network). */
export function serverMessage(error: unknown): string | null {
  // refusal() falls back to "HTTP {status}" only when the body had no error text.
  return error instanceof ApiError && error.message !== `HTTP ${error.status}` ? error.message : null;
}

/** A request the visitor (or a broker) deleted: 410 "This request was deleted". */
export function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 410;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The error body's `error` and `fields`. A body that is not JSON (a proxy's page) says
 * "HTTP {status}"; a JSON body without a message says "Unknown error" in the broker's
 * area (spec section 8) and "HTTP {status}" on visitors' pages.
 */
async function refusal(response: Response, brokerCall: boolean): Promise<ApiError> {
  let payload: Partial<Schema<'Error'>> | null;
  try {
    payload = (await response.clone().json()) as Partial<Schema<'Error'>> | null;
  } catch {
    return new ApiError(response.status, `HTTP ${response.status}`, {}, retryAfterOf(response));
  }
  const fallback = brokerCall ? UNKNOWN_ERROR : `HTTP ${response.status}`;
  return new ApiError(response.status, payload?.error || fallback, payload?.fields ?? {}, retryAfterOf(response));
}

// The requests this client signed with the held token: the broker area's calls. Only
// their 401 means the sign-in is gone, and only they word a refusal the broker area's
// way; the user sync brings its own fresh token and reads like a visitor's call.
export const signedByClient = new WeakSet<Request>();

/** Every answer that is not 2xx becomes an ApiError, so callers only ever see data. */
export const refusalsThrown: Middleware = {
  async onResponse({ request, response }) {
    if (!response.ok) throw await refusal(response, signedByClient.has(request));
    return undefined;
  },
};

// openapi-fetch builds a Request, which needs an absolute URL outside a browser (the
// unit tests, prerendering); in the browser this is the page's own origin. fetch is
// looked up per call so a test's stand-in is used.
const origin = globalThis.location?.origin && globalThis.location.origin !== 'null' ? globalThis.location.origin : 'http://localhost';

export const api = createClient<paths>({ baseUrl: `${origin}${API_BASE}`, fetch: (request) => globalThis.fetch(request) });
api.use(refusalsThrown);

/**
 * The answer's body. A refusal never gets here: the middleware above has thrown it
 * as an ApiError.
 */
export async function answer<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/** The server may be asleep: wake it while the visitor reads the first page. */
export function wakeServer() {
  answer(api.GET('/health')).catch(() => console.debug('Failed to ping server'));
}
