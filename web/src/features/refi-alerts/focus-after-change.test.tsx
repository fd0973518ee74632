import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveRegion } from '@/testing/live-region';
import { mockApi, ok } from '@/testing/mock-api';
import { makeRefiManage } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

vi.setConfig({ testTimeout: 20_000 });

// Issue 25 §4: each change on the confirm and manage pages moves focus to what it came to and says it.

const MANAGE = '/refi-buddy/manage?token=tok';

describe('the Refi Buddy confirmation link', () => {
  it('moves focus to the new heading and says alerts are on', async () => {
    mockApi({ 'POST /api/refi-buddy/confirm?token=abc': ok({ confirmed: true }) });
    const { user } = renderApp('/refi-buddy/confirm?token=abc');
    const region = liveRegion();
    await user.click(await screen.findByRole('button', { name: 'Turn on alerts' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your Refi Buddy alerts are on' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(region).toHaveTextContent(/^Your Refi Buddy alerts are on\. Thanks for confirming\./);
  });

  it('announces a refusal in a region that was there before it, and says why the button is disabled without a code', async () => {
    mockApi({ 'POST /api/refi-buddy/confirm?token=old': { status: 404, body: { error: 'This confirmation link is not valid or has expired' } } });
    const { user, unmount } = renderApp('/refi-buddy/confirm?token=old');
    const before = document.querySelector('main [aria-live="assertive"]');
    expect(before).toBeEmptyDOMElement();
    await user.click(await screen.findByRole('button', { name: 'Turn on alerts' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBe(before));
    unmount();

    mockApi({});
    renderApp('/refi-buddy/confirm');
    expect(await screen.findByRole('button', { name: 'Turn on alerts' })).toHaveAccessibleDescription(
      'This link is missing its code. Please use the link from your e-mail.',
    );
  });
});

describe('the Refi Buddy manage page', () => {
  it('after Save trigger, focus is on the saved trigger and it is said; a wrong amount takes focus with its message', async () => {
    mockApi({
      ['GET /api' + MANAGE]: ok(makeRefiManage()),
      ['PUT /api' + MANAGE]: ok(makeRefiManage({ trigger: { kind: 'savings', savingsAtLeast: 50, breakEvenWithin: null } })),
    });
    const { user } = renderApp(MANAGE);
    const region = liveRegion();
    await user.click(await screen.findByRole('radio', { name: /Savings of at least an amount a month/ }));
    const amount = screen.getByLabelText('Monthly savings of at least');
    await user.type(amount, '2');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(/Enter the monthly savings, a whole number of dollars from \$5 to \$10,000/);

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(screen.getByText(/^Saved: /, { selector: 'p' })).toHaveFocus());
    expect(region).toHaveTextContent(/^Saved: we'll alert you when refinancing would save at least \$50 a month\.$/);
  });

  it('announces a trigger the server could not save, with focus on the message', async () => {
    mockApi({ ['GET /api' + MANAGE]: ok(makeRefiManage()), ['PUT /api' + MANAGE]: { status: 500, body: { error: 'Something went wrong on our side' } } });
    const { user } = renderApp(MANAGE);
    const form = (await screen.findByRole('region', { name: 'What should trigger an alert' })).querySelector('form')!;
    const before = form.querySelector('[aria-live="assertive"]');
    await user.click(screen.getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveFocus());
    expect(within(form).getByRole('alert')).toBe(before);
    expect(before).toHaveTextContent('Something went wrong on our side');
  });

  it('after Pause and Resume, focus is on what happened and it is said', async () => {
    mockApi({
      ['GET /api' + MANAGE]: ok(makeRefiManage()),
      ['POST /api' + MANAGE]: (call) => {
        const action = (call.body as { action: string }).action;
        return ok(action === 'pause' ? makeRefiManage({ status: 'paused', paused: true }) : makeRefiManage());
      },
    });
    const { user } = renderApp(MANAGE);
    const region = liveRegion();
    await user.click(await screen.findByRole('button', { name: 'Pause alerts' }));
    await waitFor(() => expect(screen.getByText('Alerts paused.', { selector: 'p' })).toHaveFocus());
    expect(region).toHaveTextContent(/^Alerts paused\.$/);
    expect(screen.getByText('Alerts are paused. Nothing is sent until you resume them.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume alerts' }));
    await waitFor(() => expect(screen.getByText('Alerts resumed.', { selector: 'p' })).toHaveFocus());
    expect(region).toHaveTextContent(/^Alerts resumed\.$/);
  });

  it('asks before unsubscribing; once unsubscribed, focus is on the heading and the new state is said', async () => {
    const api = mockApi({ ['GET /api' + MANAGE]: ok(makeRefiManage()), ['POST /api' + MANAGE]: ok(makeRefiManage({ status: 'unsubscribed' })) });
    const { user } = renderApp(MANAGE);
    const region = liveRegion();
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop every Refi Buddy alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep my alerts' }));
    expect(api.callsTo('POST', '/api' + MANAGE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, unsubscribe' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Your Refi Buddy alerts' })).toHaveFocus());
    expect(region).toHaveTextContent("You're unsubscribed: we won't e-mail you about refinancing.");
    expect(api.callsTo('POST', '/api' + MANAGE).map((c) => c.body)).toEqual([{ action: 'unsubscribe' }]);
  });
});
