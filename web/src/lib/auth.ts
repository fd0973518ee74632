// Who is signed in. The server keeps the session in an HttpOnly cookie that
// only /api/auth sees; the app asks it for a 5-minute bearer token, keeps that
// token in memory only and asks for a new one a minute before it runs out, so
// a broker never signs in again while the session lives
// (docs/decisions/0003-sessions-and-tokens.md).
import { queryOptions } from '@tanstack/react-query';
import { answer, api, ApiError, type Schema } from './api-fetch';
import { signedInHint } from './storage-slot';

type User = Schema<'User'>;

/** Mint a new token when the one held has less than this left. */
export const REFRESH_MARGIN_MS = 60_000;

type HeldToken = { value: string; expiresAt: number; user: User };

let held: HeldToken | null = null;
let minting: Promise<HeldToken | null> | null = null;
const endedListeners = new Set<() => void>();

// The signed-in hint (lib/storage's qg.signedIn); disabled storage only means visitors'
// pages never name the viewer.
function setHint(signedIn: boolean) {
  if (signedIn) signedInHint.set(1);
  else signedInHint.clear();
}

const hasHint = () => signedInHint.get() === 1;

async function mint(): Promise<HeldToken | null> {
  try {
    const token = await answer(api.POST('/auth/token'));
    held = { value: token.access_token, expiresAt: Date.parse(token.expires_at), user: token.user };
    setHint(true);
    return held;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetSignIn();
      return null;
    }
    throw error;
  }
}

/** A bearer token with at least a minute left, or null when signed out. Concurrent callers share one mint. */
export async function getAccessToken(): Promise<string | null> {
  if (held && held.expiresAt - Date.now() > REFRESH_MARGIN_MS) return held.value;
  minting ??= mint().finally(() => {
    minting = null;
  });
  return (await minting)?.value ?? null;
}

/** For visitors' pages: a token only if this browser has signed in, without ever failing. */
export async function getAccessTokenIfSignedIn(): Promise<string | null> {
  if (!held && !hasHint()) return null;
  return getAccessToken().catch(() => null);
}

/** Drops the token held in memory (after signing out, or when the server refused it). */
export function forgetSignIn() {
  held = null;
  setHint(false);
}

/** The server said the sign-in is gone (401): forget it and tell whoever guards the page. */
export function signInEnded() {
  forgetSignIn();
  endedListeners.forEach((listener) => listener());
}

/** Subscribes to signInEnded(); returns the unsubscribe function. */
export function onSignInEnded(listener: () => void): () => void {
  endedListeners.add(listener);
  return () => endedListeners.delete(listener);
}

export type Session = { user: User; isAdmin: boolean };

/**
 * Who is signed in: a token from the session, then the user sync (POST /users),
 * whose answer says whether they are an admin. A failed sync is logged and
 * counts as not an admin (spec section 8); the server checks again on every call.
 */
export async function loadSession(): Promise<Session | null> {
  const token = await getAccessToken();
  if (!token || !held) return null;
  const { user } = held;
  try {
    // Spec section 7: POST /users after sign-in; the answer says whether the user is an admin.
    const synced = await answer(api.POST('/users', { body: { id: user.id, email: user.email, name: user.name }, headers: { Authorization: `Bearer ${token}` } }));
    return { user: synced, isAdmin: synced.is_admin };
  } catch (error) {
    const message = error instanceof ApiError && error.message ? error.message : 'Failed to create/update user';
    console.error(message, error);
    return { user, isAdmin: false };
  }
}

export const sessionQueryKey = ['session'] as const;

/** The sign-in methods this server offers (Google, the development-only local admin). */
export const authConfigQuery = () =>
  queryOptions({ queryKey: ['auth-config'], queryFn: () => answer(api.GET('/auth/config')), staleTime: Infinity });

/** Development mode only (no Google client, loopback address). */
export const signInAsLocalAdmin = () => answer(api.POST('/auth/local-admin'));

export const sessionQuery = () => queryOptions({ queryKey: sessionQueryKey, queryFn: loadSession, staleTime: Infinity });

/** Ends the session on the server, which revokes every token minted from it. */
export async function signOut() {
  try {
    await answer(api.POST('/auth/logout'));
  } finally {
    forgetSignIn();
  }
}

// The second factor (decision 0039): outside loopback development mode a
// broker passes it after Google, on the session cookie, before any token.

/** POST /auth/token's 403 for a broker who has not passed the second factor yet. */
export const needsSecondFactor = (error: unknown) => error instanceof ApiError && error.status === 403;

export const secondFactorQueryKey = ['second-factor'] as const;

/** Where the signed-in broker stands: must pass, has passed, has enrolled. */
export const secondFactorQuery = () =>
  queryOptions({ queryKey: secondFactorQueryKey, queryFn: () => answer(api.GET('/auth/second-factor')), retry: false });

/** A new authenticator-app secret and its QR code, shown once. */
export const startSecondFactorEnrolment = () => answer(api.POST('/auth/second-factor/enrol'));

/** Confirms the new secret with a code; answers the recovery codes, shown once. */
export const confirmSecondFactor = (code: string) => answer(api.POST('/auth/second-factor/confirm', { body: { code } }));

/** Passes the second factor with a code from the app or a recovery code. */
export const verifySecondFactor = (code: string) => answer(api.POST('/auth/second-factor/verify', { body: { code } }));
