import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('Refi Buddy unsubscribe page', () => {
  it('stops alerts only when the homeowner clicks, then confirms', async () => {
    const api = mockApi({ 'POST /api/refi-buddy/unsubscribe?token=abc123': ok({ unsubscribed: true }) });
    renderApp('/refi-buddy/unsubscribe?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Stop Refi Buddy alerts?' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop alerts' }));
    expect(await screen.findByRole('heading', { name: "You're unsubscribed" })).toBeInTheDocument();
    expect(screen.getByText("We won't e-mail you about refinancing again.", { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/refi-buddy/unsubscribe?token=abc123')).toHaveLength(1);
  });

  it("shows the server's message for a link that is not valid", async () => {
    mockApi({ 'POST /api/refi-buddy/unsubscribe?token=old': { status: 404, body: { error: 'This unsubscribe link is not valid' } } });
    renderApp('/refi-buddy/unsubscribe?token=old');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop alerts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
  });

  it('cannot be used without a token', async () => {
    mockApi({});
    renderApp('/refi-buddy/unsubscribe');
    expect(await screen.findByRole('button', { name: 'Stop alerts' })).toBeDisabled();
    expect(screen.getByText(/missing its code/)).toBeInTheDocument();
  });
});
