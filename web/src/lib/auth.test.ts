import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROKER, signedInAs } from '@/testing/auth';
import { mockApi, ok } from '@/testing/mock-api';
import { getAccessToken, getAccessTokenIfSignedIn, loadSession, REFRESH_MARGIN_MS, signOut } from './auth';

afterEach(() => {
  vi.useRealTimers();
});

describe('bearer tokens', () => {
  it('keeps the token in memory and mints a new one before its 5 minutes are up', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-05T10:00:00Z'), toFake: ['Date'] });
    let minted = 0;
    const api = mockApi({
      'POST /api/auth/token': () => {
        minted += 1;
        return ok({ access_token: `token-${minted}`, expires_at: new Date(Date.now() + 5 * 60_000).toISOString(), user: BROKER });
      },
    });
    expect(await getAccessToken()).toBe('token-1');
    vi.setSystemTime(Date.now() + 3 * 60_000);
    expect(await getAccessToken()).toBe('token-1');
    // Less than a minute left: a fresh token, from the same session, without signing in again.
    vi.setSystemTime(Date.now() + 5 * 60_000 - 3 * 60_000 - REFRESH_MARGIN_MS + 1000);
    expect(await getAccessToken()).toBe('token-2');
    expect(api.callsTo('POST', '/api/auth/token')).toHaveLength(2);
    expect(window.localStorage.length).toBe(1); // only the signed-in hint, never the token
    expect(JSON.stringify(window.localStorage)).not.toContain('token-');
  });

  it('asks the server once for callers who need a token at the same time', async () => {
    const api = mockApi(signedInAs(BROKER));
    const tokens = await Promise.all([getAccessToken(), getAccessToken(), getAccessToken()]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(api.callsTo('POST', '/api/auth/token')).toHaveLength(1);
  });

  it('is null when the session is gone', async () => {
    mockApi(signedInAs(null));
    expect(await getAccessToken()).toBeNull();
  });

  it('never calls the sign-in endpoints on visitors’ pages of a browser that has not signed in', async () => {
    const api = mockApi(signedInAs(BROKER));
    expect(await getAccessTokenIfSignedIn()).toBeNull();
    expect(api.calls).toHaveLength(0);
    await getAccessToken();
    expect(await getAccessTokenIfSignedIn()).toBe('token-1');
  });

  it('signing out ends the session on the server and forgets the token', async () => {
    const api = mockApi({ ...signedInAs(BROKER), 'POST /api/auth/logout': { status: 204 } });
    await getAccessToken();
    await signOut();
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(await getAccessTokenIfSignedIn()).toBeNull();
  });
});

describe('loadSession', () => {
  it('syncs the user after sign-in (POST /users) and takes is_admin from the answer', async () => {
    const api = mockApi({ ...signedInAs(BROKER), 'POST /api/users': ok({ ...BROKER, is_admin: false }) });
    expect(await loadSession()).toEqual({ user: { ...BROKER, is_admin: false }, isAdmin: false });
    expect(api.callsTo('POST', '/api/users')[0].body).toEqual({ id: BROKER.id, email: BROKER.email, name: BROKER.name });
  });

  it('counts a failed admin check as not an admin, and logs it', async () => {
    mockApi({ ...signedInAs(BROKER), 'POST /api/users': { status: 500, body: {} } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await loadSession())?.isAdmin).toBe(false);
    expect(log).toHaveBeenCalledWith('HTTP 500', expect.anything());
  });

  it('is null when signed out', async () => {
    mockApi(signedInAs(null));
    expect(await loadSession()).toBeNull();
  });
});
