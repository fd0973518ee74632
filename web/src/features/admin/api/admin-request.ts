// Every broker call: the signed-in user's bearer token, and the spec's error
// texts (section 8): the response's error field, else 'Unknown error', else
// 'HTTP {status}' when the answer is not JSON at all.
import { API_BASE, ApiError } from '@/lib/api-client';
import { getAccessToken, signInEnded } from '@/lib/auth';

export const NO_AUTHENTICATED_USER = 'No authenticated user';

export async function adminError(response: Response): Promise<ApiError> {
  const payload = (await response.json().catch(() => ({ error: `HTTP ${response.status}` }))) as {
    error?: string;
    fields?: Record<string, string>;
  } | null;
  return new ApiError(response.status, payload?.error || 'Unknown error', payload?.fields ?? {});
}

export async function adminRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = await getAccessToken();
  if (!token) {
    signInEnded();
    throw new ApiError(401, NO_AUTHENTICATED_USER);
  }
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) {
    const error = await adminError(response);
    if (response.status === 401) signInEnded();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
