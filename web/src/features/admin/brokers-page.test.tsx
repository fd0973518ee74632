import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const ENROLLED: Schema<'AdminAccount'> = {
  email: 'casey@brokerage.example',
  name: 'Casey Lee',
  granted_at: '2026-10-01T15:00:00Z',
  enrolled_at: '2026-10-02T16:30:00Z',
};
const NEVER_SIGNED_IN: Schema<'AdminAccount'> = { email: 'new@brokerage.example', name: '', granted_at: '2026-11-20T15:00:00Z', enrolled_at: null };

// The brokers page says who has set up an authenticator app (issue 27 §5, decision 0039).
describe('/admin/brokers', () => {
  it('lists each broker with when they were made admin and whether their authenticator app is set up', async () => {
    mockApi({ ...signedInAs(BROKER), 'GET /api/admin/admins': ok({ admins: [ENROLLED, NEVER_SIGNED_IN] }) });
    renderApp('/admin/brokers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Brokers' })).toBeInTheDocument();
    const casey = (await screen.findByRole('rowheader', { name: 'Casey Lee (casey@brokerage.example)' })).closest('tr')!;
    expect(within(casey).getByRole('cell', { name: 'October 1, 2026' })).toBeInTheDocument();
    expect(within(casey).getByRole('cell', { name: 'Set up on October 2, 2026' })).toBeInTheDocument();
    // A broker who has not signed in yet has no name from Google: the address stands alone.
    const newcomer = screen.getByRole('rowheader', { name: 'new@brokerage.example' }).closest('tr')!;
    expect(within(newcomer).getByRole('cell', { name: 'Not set up yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Broker', 'Admin since', 'Authenticator app']);
  });

  it('says when there is no broker yet', async () => {
    mockApi({ ...signedInAs(BROKER), 'GET /api/admin/admins': ok({ admins: [] }) });
    renderApp('/admin/brokers');
    expect(await screen.findByText('No brokers yet.')).toBeInTheDocument();
  });

  it('is reached from the admin navigation', async () => {
    mockApi({ ...signedInAs(BROKER), 'GET /api/admin/admins': ok({ admins: [ENROLLED] }) });
    renderApp('/admin/brokers');
    const nav = await screen.findByRole('link', { name: 'Brokers' });
    expect(nav).toHaveAttribute('href', '/admin/brokers');
    expect(nav).toHaveAttribute('aria-current', 'page');
  });
});
