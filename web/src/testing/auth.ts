import type { Schema } from '@/lib/api-client';
import { ok, type Reply } from './mock-api';

type User = Schema<'User'>;

export const BROKER: User = { id: 'google|broker', email: 'broker@example.com', name: 'Broker', is_admin: true };
export const VISITOR: User = { id: 'google|visitor', email: 'visitor@example.com', name: 'Visitor', is_admin: false };

/** The sign-in answers for a browser whose session belongs to `user` (null: signed out). */
export function signedInAs(user: User | null, token = 'token-1'): Record<string, Reply> {
  if (!user) return { 'POST /api/auth/token': { status: 401, body: { error: 'No authenticated user' } } };
  const expiresAt = new Date(Date.now() + 5 * 60 * 1000).toISOString();
  return {
    'POST /api/auth/token': ok({ access_token: token, expires_at: expiresAt, user }),
    'POST /api/users': ok(user),
  };
}
