import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('Refi Buddy confirmation page', () => {
  it('turns alerts on only when the owner clicks, then says so', async () => {
    const api = mockApi({ 'POST /api/refi-buddy/confirm?token=abc123': ok({ confirmed: true }) });
    renderApp('/refi-buddy/confirm?token=abc123');
    expect(await screen.findByRole('heading', { name: 'Turn on Refi Buddy alerts?' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on alerts' }));
    expect(await screen.findByRole('heading', { name: 'Your Refi Buddy alerts are on' })).toBeInTheDocument();
    expect(screen.getByText(/We'll e-mail you when refinancing makes sense/, { selector: 'p' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/refi-buddy/confirm?token=abc123')).toHaveLength(1);
  });

  it("shows the server's message for a link that is not valid or has expired", async () => {
    mockApi({ 'POST /api/refi-buddy/confirm?token=old': { status: 404, body: { error: 'This confirmation link is not valid or has expired' } } });
    renderApp('/refi-buddy/confirm?token=old');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on alerts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid or has expired. Sign up again on Refi Buddy to get a new link.');
  });

  it('cannot be used without a token', async () => {
    mockApi({});
    renderApp('/refi-buddy/confirm');
    expect(await screen.findByRole('button', { name: 'Turn on alerts' })).toBeDisabled();
    expect(screen.getByText(/missing its code/)).toBeInTheDocument();
  });
});
