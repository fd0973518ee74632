import { vi } from 'vitest';
import { makeSite } from './fixtures';

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = Reply | ((request: RecordedCall) => Reply | Promise<Reply>);
export type RecordedCall = { method: string; path: string; body: unknown };

const SITE = 'GET /api/site';

/**
 * Replaces fetch with a table of answers keyed "METHOD /api/path". Unlisted calls
 * answer 404 so a test notices a call it did not expect. The site's details every
 * page's footer reads (GET /api/site) answer the demonstration site unless a test
 * lists its own; that read is not listed in calls, so a test counts only the calls
 * its page makes.
 */
export function mockApi(handlers: Record<string, Handler>) {
  handlers = { [SITE]: ok(makeSite()), ...handlers };
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = await recorded(input, init);
    const { method, path } = call;
    if (`${method} ${path}` !== SITE) calls.push(call);
    const handler = handlers[`${method} ${path}`];
    const reply = handler === undefined ? { status: 404, body: { error: 'Not found' } } : typeof handler === 'function' ? await handler(call) : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/**
 * The call as "METHOD /api/path?query" and its JSON body (or its text, when not JSON). The app's client
 * (openapi-fetch) sends a Request with an absolute URL; the path is what a test names.
 */
async function recorded(input: RequestInfo | URL, init: RequestInit): Promise<RecordedCall> {
  if (input instanceof Request) {
    const url = new URL(input.url);
    const text = await input.clone().text();
    // A file sent as itself (the market-data upload, text/csv) is recorded as its text.
    const json = input.headers.get('Content-Type')?.includes('json') ?? true;
    return { method: input.method.toUpperCase(), path: `${url.pathname}${url.search}`, body: text ? (json ? JSON.parse(text) : text) : undefined };
  }
  const method = (init.method ?? 'GET').toUpperCase();
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  return { method, path: String(input), body };
}

/** The Authorization header a call sent, whichever way it was made. */
export function authorizationOf(input: RequestInfo | URL, init?: RequestInit): string | null {
  return input instanceof Request ? input.headers.get('Authorization') : new Headers(init?.headers).get('Authorization');
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (id: string): Reply => ({ status: 201, body: { id } });
export const noContent: Reply = { status: 204 };
export const notFound: Reply = { status: 404, body: { error: 'Not found' } };

/** The broker dashboard's reads, each answered with nothing: no requests, questions, market rates or watches. */
export const emptyDashboard: Record<string, Reply> = {
  'GET /api/admin/quote-requests/pending': ok([]),
  'GET /api/admin/quote-requests/analyzed': ok([]),
  'GET /api/admin/contact-requests': ok([]),
  'GET /api/admin/market-rates?series=30&weeks=52': ok({ series: '30', rates: [] }),
  'GET /api/admin/market-rates?series=15&weeks=52': ok({ series: '15', rates: [] }),
  'GET /api/admin/refi-watches': ok([]),
};
