import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { liveRegion } from '@/testing/live-region';
import { mockApi, notFound, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const requestPath = `/api/quote-requests/${REQUEST_ID}`;

describe('the notify-me form', () => {
  it('moves focus to its confirmation and announces it; Change contact details moves focus back to the form', async () => {
    mockApi({
      [`GET ${requestPath}`]: ok(makeQuoteRequest({})),
      [`GET ${requestPath}/analysis`]: notFound,
      [`PATCH ${requestPath}/contact-info`]: ok({ email: 'jane@example.com', phone: null, preferred_contact_method: 'email' }),
    });
    const { user } = renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const form = await screen.findByRole('region', { name: "Get notified when it's ready" });
    const region = liveRegion();
    await user.click(within(form).getByRole('radio', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(within(form).getByRole('button', { name: 'Notify Me' }));

    const confirmation = await within(form).findByText("We'll email you as soon as your analysis is ready.");
    await waitFor(() => expect(form.contains(document.activeElement) && document.activeElement).toContainElement(confirmation));
    expect(region).toHaveTextContent("We'll email you as soon as your analysis is ready.");

    await user.click(within(form).getByRole('button', { name: 'Change contact details' }));
    await waitFor(() => expect(within(form).getByText(/Optional\. Leave an email or phone number/)).toHaveFocus());
  });

  it('leaves focus alone when the details were saved before', async () => {
    mockApi({ [`GET ${requestPath}`]: ok(makeQuoteRequest({ email: 'jane@example.com', preferred_contact_method: 'email' })), [`GET ${requestPath}/analysis`]: notFound });
    renderApp(`/rate-results?qr=${REQUEST_ID}`);
    const form = await screen.findByRole('region', { name: "Get notified when it's ready" });
    expect(within(form).getByText("We'll email you as soon as your analysis is ready.")).toBeInTheDocument();
    expect(form).not.toContainElement(document.activeElement as HTMLElement);
    expect(liveRegion()).toBeEmptyDOMElement();
  });
});
