import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { BROKER, signedInAs } from '@/testing/auth';
import { emptyDashboard, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

vi.setConfig({ testTimeout: 20_000 });

const NONE: Schema<'LoanOfficerProfile'> = { email: 'broker@example.com', officer: null };
const CASEY: Schema<'LoanOfficerProfile'> = {
  email: 'broker@example.com',
  officer: { name: 'Casey Lee', nmls: '2345678', consumerAccessUrl: 'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/2345678' },
};

const dashboard = {
  'GET /api/health': ok({ status: 'ok', version: 'test', market_data: { week: '2026-11-19', age_days: 5, stale: false, series: [] } }),
  ...emptyDashboard,
};

describe('loan officer profile (issue 26)', () => {
  it('tells a broker without a profile that saving and sending wait for one, and links to the form', async () => {
    mockApi({ ...signedInAs(BROKER), ...dashboard, 'GET /api/admin/profile': ok(NONE) });
    renderApp('/admin');
    const note = await screen.findByRole('note', { name: 'Set your loan officer profile first' });
    expect(note).toHaveTextContent('Submit Analysis and Send Email are refused');
    expect(within(note).getByRole('link', { name: 'Set your profile' })).toHaveAttribute('href', '/admin/profile');
  });

  it('says nothing once the broker has a profile', async () => {
    const api = mockApi({ ...signedInAs(BROKER), ...dashboard, 'GET /api/admin/profile': ok(CASEY) });
    renderApp('/admin');
    // The admin area is a lazy chunk: its first load in a test file can take seconds.
    await screen.findByRole('heading', { level: 1, name: 'Broker Dashboard' });
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/admin/profile')).toHaveLength(1));
    expect(screen.queryByRole('note', { name: 'Set your loan officer profile first' })).not.toBeInTheDocument();
  });

  it('sets the name and NMLS ID, showing the server’s messages on their fields', async () => {
    let attempts = 0;
    const api = mockApi({
      ...signedInAs(BROKER),
      'GET /api/admin/profile': ok(NONE),
      'PUT /api/admin/profile': () =>
        ++attempts === 1
          ? { status: 400, body: { error: 'The loan officer profile needs a name and an NMLS ID', fields: { nmls: 'Enter the loan officer’s individual NMLS ID: digits only' } } }
          : ok(CASEY),
    });
    renderApp('/admin/profile');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Loan officer profile' });
    expect(await screen.findByText(/No profile yet/)).toBeVisible();
    await user.type(screen.getByLabelText('Name as licensed'), 'Casey Lee');
    await user.type(screen.getByLabelText('Individual NMLS ID'), 'NMLS-1');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter the loan officer’s individual NMLS ID: digits only')).toBeVisible();
    await user.clear(screen.getByLabelText('Individual NMLS ID'));
    await user.type(screen.getByLabelText('Individual NMLS ID'), '2345678');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your loan officer profile is saved');
    expect(screen.getByText(/Your analyses say “Reviewed by Casey Lee, NMLS #2345678”/)).toBeVisible();
    expect(api.callsTo('PUT', '/api/admin/profile').at(-1)?.body).toEqual({ name: 'Casey Lee', nmls: '2345678' });
  });
});
