import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROKER, signedInAs } from '@/testing/auth';
import { emptyDashboard, mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const HASH_NEW = 'ab12cd34ef56'.padEnd(64, '0');
const HASH_OLD = '9f8e7d6c5b4a'.padEnd(64, '1');

// Issue 27 §3: the broker finds the page archive in the admin area and downloads a kept version as text.
describe('the page archive', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('lists each version with its page, first-served time, hash and size, and downloads one', async () => {
    const api = mockApi({
      ...signedInAs(BROKER),
      ...emptyDashboard,
      'GET /api/admin/archive': ok([
        { id: 'v2', path: '/quote-start', first_served_at: '2026-11-20T17:00:00Z', hash: HASH_NEW, size: 20480 },
        { id: 'v1', path: 'site file', first_served_at: '2026-11-19T16:30:00Z', hash: HASH_OLD, size: 812 },
      ]),
      'GET /api/admin/archive/v2': ok('<html>kept</html>'),
    });
    const { user } = renderApp('/admin/archive');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page archive' }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Page archive' })).toHaveAttribute('href', '/admin/archive');
    const table = await screen.findByRole('table', { name: 'Archived versions, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/\/quote-start.*November 20, 2026.*ab12cd34ef56….*20,480 bytes/);
    expect(rows[1]).toHaveTextContent(/Site file.*November 19, 2026.*9f8e7d6c5b4a….*812 bytes/);
    // jsdom has no object URLs: the download's link is made from this one.
    const createObjectURL = vi.fn(() => 'blob:kept');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await user.click(within(rows[0]).getByRole('button', { name: /Download \/quote-start of November 20, 2026/ }));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalledOnce());
    expect(api.callsTo('GET', '/api/admin/archive/v2')).toHaveLength(1);
  });

  it('says when nothing has been archived yet', async () => {
    mockApi({ ...signedInAs(BROKER), ...emptyDashboard, 'GET /api/admin/archive': ok([]) });
    renderApp('/admin/archive');
    expect(await screen.findByText('No page has been archived yet.')).toBeVisible();
  });
});
