import { describe, expect, it } from 'vitest';
import { BROKER, signedInAs } from '@/testing/auth';
import { authorizationOf, mockApi, ok } from '@/testing/mock-api';
import openapi from '../../../internal/httpapi/openapi.json';
import { answer, api, ApiError, serverMessage } from './api-client';
import { BEARER_PATHS } from './bearer-paths';

type Doc = { paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>> };

describe('the API client', () => {
  it('signs exactly the operations openapi.json marks bearer', () => {
    const doc = openapi as unknown as Doc;
    const bearer = Object.entries(doc.paths)
      .filter(([, operations]) => Object.values(operations).some((op) => op.security?.some((scheme) => 'bearer' in scheme)))
      .map(([path]) => path);
    expect([...BEARER_PATHS].sort()).toEqual(bearer.sort());
  });

  it('sends no token on a visitor’s call, even when signed in', async () => {
    const calls: (string | null)[] = [];
    mockApi({ ...signedInAs(BROKER), 'GET /api/national-rates': ok({ rates: [] }) });
    const recorded = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      calls.push(authorizationOf(input, init));
      return recorded(input, init);
    };
    expect(await answer(api.GET('/national-rates'))).toEqual({ rates: [] });
    expect(calls).toEqual([null]);
  });

  it("gives a visitor's refusal the server's words and fields, or 'HTTP {status}' without them", async () => {
    mockApi({
      'POST /api/contact-requests/submit': { status: 400, body: { error: 'Please check the form', fields: { email: 'Please enter a valid email address' } } },
      'GET /api/national-rates': { status: 503, body: {} },
    });
    const refused = await answer(api.POST('/contact-requests/submit', { body: { name: '', email: 'x', question: '' } as never })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('Please check the form');
    expect((refused as ApiError).fields).toEqual({ email: 'Please enter a valid email address' });
    const outage = await answer(api.GET('/national-rates')).catch((e: unknown) => e);
    expect((outage as ApiError).message).toBe('HTTP 503');
    expect(serverMessage(outage)).toBeNull();
  });
});
