import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { liveRegion } from '@/testing/live-region';
import { created, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

// Typing into several fields takes a while in jsdom.
vi.setConfig({ testTimeout: 20_000 });

describe('the contact dialog', () => {
  it("moves focus to 'Thank You!' and announces it in the dialog's own live region", async () => {
    mockApi({ 'POST /api/contact-requests/submit': created('contact-1') });
    const { user } = renderApp('/');
    await user.click(screen.getAllByRole('button', { name: 'Speak to a Mortgage Expert' })[0]);
    const dialog = screen.getByRole('dialog');
    const region = liveRegion(dialog);
    expect(region).toBeEmptyDOMElement();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Is 6.5% good?');
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));

    expect(await within(dialog).findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByText(/We've received your question/, { selector: 'p' })).toHaveFocus());
    expect(region).toHaveTextContent("Thank You! We've received your question");
  });
});
