import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { authorizationOf, mockApi, ok } from '@/testing/mock-api';
import { getOutbox } from './outbox';

const isSignIn = (input: RequestInfo | URL) => {
  const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
  return path.startsWith('/api/auth') || path === '/api/users';
};

async function failure(reply: () => Response): Promise<ApiError> {
  mockApi(signedInAs(BROKER));
  const fetchWithToken = globalThis.fetch;
  globalThis.fetch = async (input, init) => (isSignIn(input) ? fetchWithToken(input, init) : reply());
  try {
    await getOutbox();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('admin calls', () => {
  it('send the signed-in user’s bearer token', async () => {
    const api = mockApi({ ...signedInAs(BROKER), 'GET /api/admin/outbox': ok([]) });
    let authorization: string | null = null;
    const recorded = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      if (!isSignIn(input)) authorization = authorizationOf(input, init);
      return recorded(input, init);
    };
    expect(await getOutbox()).toEqual([]);
    expect(authorization).toBe('Bearer token-1');
    expect(api.callsTo('GET', '/api/admin/outbox')).toHaveLength(1);
  });

  it("fail with 'No authenticated user' without a sign-in, before calling the server", async () => {
    const api = mockApi(signedInAs(null));
    await expect(getOutbox()).rejects.toThrow('No authenticated user');
    expect(api.callsTo('GET', '/api/admin/outbox')).toHaveLength(0);
  });

  it("show the response's error field", async () => {
    const error = await failure(() => new Response(JSON.stringify({ error: 'Only brokers can do this' }), { status: 403 }));
    expect(error.message).toBe('Only brokers can do this');
    expect(error.status).toBe(403);
  });

  it("say 'Unknown error' for a JSON answer without one", async () => {
    expect((await failure(() => new Response(JSON.stringify({}), { status: 500 }))).message).toBe('Unknown error');
  });

  it("say 'HTTP {status}' when the answer is not JSON", async () => {
    expect((await failure(() => new Response('<html>Bad gateway</html>', { status: 502 }))).message).toBe('HTTP 502');
  });

  it('keep the per-field messages', async () => {
    const error = await failure(() => new Response(JSON.stringify({ error: 'Please check', fields: { to: 'Please enter a valid email address' } }), { status: 400 }));
    expect(error.fields).toEqual({ to: 'Please enter a valid email address' });
  });
});
