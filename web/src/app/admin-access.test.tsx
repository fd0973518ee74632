import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BROKER, signedInAs, VISITOR } from '@/testing/auth';
import { emptyDashboard, mockApi, noContent, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('the admin guard', () => {
  it('shows a spinner while the sign-in loads', async () => {
    // Every call (the sign-in, and the footer's site details) waits until the test answers them all;
    // a call the client makes after that (its middleware runs first) is answered at once.
    const answers: ((value: Response) => void)[] = [];
    let answered = false;
    const signedOut = () => new Response(JSON.stringify({ error: 'No authenticated user' }), { status: 401 });
    vi.stubGlobal('fetch', () => (answered ? Promise.resolve(signedOut()) : new Promise<Response>((resolve) => answers.push(resolve))));
    renderApp('/admin');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your sign-in…');
    answered = true;
    answers.forEach((answer) => answer(signedOut()));
  });

  it('sends a signed-out visitor to /login with the page they asked for', async () => {
    mockApi({ ...signedInAs(null), 'GET /api/auth/config': ok({ google: true, local_admin: false }) });
    const { location } = renderApp('/admin/analysis/abc?tab=1');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect((location().state as { from: { pathname: string } }).from.pathname).toBe('/admin/analysis/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeInTheDocument();
    // The Google button starts the server's sign-in and comes back to the page asked for.
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute(
      'href',
      `/api/auth/login?return_to=${encodeURIComponent('/admin/analysis/abc?tab=1')}`,
    );
  });

  it('sends a signed-in non-admin home', async () => {
    mockApi(signedInAs(VISITOR));
    const { location } = renderApp('/admin');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Broker Dashboard' })).not.toBeInTheDocument();
  });

  it('opens the dashboard for an admin', async () => {
    const api = mockApi({ ...signedInAs(BROKER), ...emptyDashboard });
    renderApp('/admin');
    // The broker area is loaded on demand: on a busy machine that takes longer than findBy's default second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as broker@example.com')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/quote-requests/pending')).toHaveLength(1));
  });

  it('signs out on the server and leaves the admin area', async () => {
    const api = mockApi({ ...signedInAs(BROKER), ...emptyDashboard, 'POST /api/auth/logout': noContent });
    const { user, location } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });
});

describe('/login', () => {
  it('offers the clearly marked local admin sign-in in development mode and returns to the page asked for', async () => {
    const api = mockApi({
      'GET /api/auth/config': ok({ google: false, local_admin: true }),
      'POST /api/auth/local-admin': noContent,
      ...signedInAs(null),
      ...emptyDashboard,
    });
    const { user, location, router } = renderApp('/admin');
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Development mode' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).not.toBeInTheDocument();
    // From now on the server has a session for this browser.
    mockApi({ 'POST /api/auth/local-admin': noContent, ...signedInAs(BROKER), ...emptyDashboard });
    await user.click(screen.getByRole('button', { name: 'Sign in as local admin' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Broker Dashboard' })).toBeInTheDocument();
    expect(location().pathname).toBe('/admin');
    // History was replaced: going back does not return to /login.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(api.callsTo('GET', '/api/auth/config')).toHaveLength(1);
  });

  it('says so when no sign-in is offered', async () => {
    mockApi({ 'GET /api/auth/config': ok({ google: false, local_admin: false }) });
    renderApp('/login');
    expect(await screen.findByText('Sign-in is not available on this server.')).toBeInTheDocument();
  });
});
