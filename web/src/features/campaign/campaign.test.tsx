import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, noContent } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { campaignDestination } from './campaigns';

describe('campaign map', () => {
  it('sends qr1 and qr2 home, and anything else home too', () => {
    expect(campaignDestination('qr1')).toBe('/');
    expect(campaignDestination('qr2')).toBe('/');
    expect(campaignDestination('unknown')).toBe('/');
    expect(campaignDestination('toString')).toBe('/');
    expect(campaignDestination(undefined)).toBe('/');
  });
});

describe('campaign redirect', () => {
  it('replaces the campaign address and tracks the visit once', async () => {
    const api = mockApi({ 'POST /api/analytics/track-campaign': noContent });
    const { router } = renderApp('/c/qr1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('POST', '/api/analytics/track-campaign')).toHaveLength(1);
    expect(api.calls[0].body).toEqual({ campaignId: 'qr1', resolved_to: '/' });
  });

  it('logs a failed tracking call and still redirects', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'POST /api/analytics/track-campaign': { status: 500, body: { error: 'down' } } });
    const { router } = renderApp('/c/spring-flyer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('Failed to track campaign visit', expect.anything()));
  });

  it('sends a link without an id home', async () => {
    const api = mockApi({});
    const { router } = renderApp('/c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls).toHaveLength(0);
  });
});
