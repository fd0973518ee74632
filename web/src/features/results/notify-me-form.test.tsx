import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { makeQuoteRequest, REQUEST_ID } from '@/testing/fixtures';
import { mockApi, notFound, ok, type Reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { MSG_NOTIFY_CONSENT } from './schemas';

type QuoteRequest = Schema<'QuoteRequest'>;

const requestPath = `/api/quote-requests/${REQUEST_ID}`;
const contactPath = `${requestPath}/contact-info`;

async function renderNotifyForm(request: Partial<QuoteRequest> = {}, contactReply: Reply = ok({ email: null, phone: null, preferred_contact_method: null })) {
  const api = mockApi({
    [`GET ${requestPath}`]: ok(makeQuoteRequest(request)),
    [`GET ${requestPath}/analysis`]: notFound,
    [`PATCH ${contactPath}`]: contactReply,
  });
  const view = renderApp(`/rate-results?qr=${REQUEST_ID}`);
  const form = await screen.findByRole('region', { name: "Get notified when it's ready" });
  return { ...view, api, form };
}

const consent = (phone: string) =>
  `I agree that quotegrade Mortgage Brokerage may call or text me at ${phone} about this request. Consent is not a condition of any service. ` +
  'Message and data rates may apply. Reply STOP to opt out.';

const submit = (form: HTMLElement) => within(form).getByRole('button', { name: 'Notify Me' });

describe('notify-me form', () => {
  it('preselects no method', async () => {
    const { form } = await renderNotifyForm();
    for (const radio of within(form).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('requires an email for the email method, then a valid one', async () => {
    const { user, form, api } = await renderNotifyForm();
    await user.click(within(form).getByRole('radio', { name: 'Email' }));
    await user.click(submit(form));
    expect(within(form).getByText('Email is required')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(submit(form));
    expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(api.callsTo('PATCH', contactPath)).toHaveLength(0);
  });

  it.each([
    ['Text', 'text'],
    ['Phone call', 'phone'],
  ])('requires a valid phone number for the %s method', async (label) => {
    const { user, form } = await renderNotifyForm();
    await user.click(within(form).getByRole('radio', { name: label }));
    await user.click(submit(form));
    expect(within(form).getByText('Phone number is required')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '0123');
    await user.click(submit(form));
    expect(within(form).getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('saves an email and confirms with a spam-folder hint', async () => {
    const { user, form, api } = await renderNotifyForm(
      {},
      ok({ email: 'jane@example.com', phone: null, preferred_contact_method: 'email' }),
    );
    await user.click(within(form).getByRole('radio', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(submit(form));

    expect(await within(form).findByText("We'll email you as soon as your analysis is ready.")).toBeInTheDocument();
    expect(within(form).getByText(/check your spam or junk folder/)).toBeInTheDocument();
    expect(api.callsTo('PATCH', contactPath)[0].body).toEqual({ email: 'jane@example.com', phone: null, preferredContactMethod: 'email', contactConsent: null });
  });

  it('accepts a formatted phone number and confirms a text', async () => {
    const { user, form, api } = await renderNotifyForm({}, ok({ email: null, phone: '(801) 555-0142', preferred_contact_method: 'text' }));
    await user.click(within(form).getByRole('radio', { name: 'Text' }));
    await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '(801) 555-0142');
    await user.click(await within(form).findByRole('checkbox', { name: consent('(801) 555-0142') }));
    await user.click(submit(form));
    expect(await within(form).findByText("We'll text you as soon as your analysis is ready.")).toBeInTheDocument();
    expect(within(form).queryByText(/spam/)).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', contactPath)[0].body).toMatchObject({ phone: '(801) 555-0142', preferredContactMethod: 'text', contactConsent: true });
  });

  it('confirms a phone call', async () => {
    const { user, form } = await renderNotifyForm({}, ok({ email: null, phone: '8015550142', preferred_contact_method: 'phone' }));
    await user.click(within(form).getByRole('radio', { name: 'Phone call' }));
    await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '8015550142');
    await user.click(await within(form).findByRole('checkbox', { name: consent('8015550142') }));
    await user.click(submit(form));
    expect(await within(form).findByText("We'll call you as soon as your analysis is ready.")).toBeInTheDocument();
  });

  describe('consent to calls and texts (TCPA, issue 26)', () => {
    it.each(['Text', 'Phone call'])('shows an unticked box naming the brokerage and the number for %s, and none for Email', async (label) => {
      const { user, form } = await renderNotifyForm();
      expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
      await user.click(within(form).getByRole('radio', { name: label }));
      await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '801-555-0142');
      // The legal name comes with the site's details, which may answer after the box shows.
      expect(await within(form).findByRole('checkbox', { name: consent('801-555-0142') })).not.toBeChecked();

      await user.click(within(form).getByRole('radio', { name: 'Email' }));
      expect(within(form).queryByRole('checkbox')).not.toBeInTheDocument();
    });

    it('refuses a text without the box ticked: the message is at the box, described by it, and focus moves there', async () => {
      const { user, form, api } = await renderNotifyForm();
      await user.click(within(form).getByRole('radio', { name: 'Text' }));
      await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '801-555-0142');
      await user.click(submit(form));
      const box = await within(form).findByRole('checkbox', { name: consent('801-555-0142') });
      await waitFor(() => expect(box).toHaveFocus());
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(MSG_NOTIFY_CONSENT);
      expect(api.callsTo('PATCH', contactPath)).toHaveLength(0);
    });

    it("shows the server's refusal at the box the same way", async () => {
      const { user, form } = await renderNotifyForm({}, {
        status: 400,
        body: { error: 'Please check your contact details', fields: { contactConsent: MSG_NOTIFY_CONSENT } },
      });
      await user.click(within(form).getByRole('radio', { name: 'Phone call' }));
      await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '801-555-0142');
      const box = await within(form).findByRole('checkbox', { name: consent('801-555-0142') });
      await user.click(box);
      await user.click(submit(form));
      await waitFor(() => expect(box).toHaveFocus());
      expect(box).toHaveAccessibleDescription(MSG_NOTIFY_CONSENT);
      expect(submit(form)).toBeInTheDocument();
    });
  });

  it('still calls the server when no method is chosen, with an email given', async () => {
    const { user, form, api } = await renderNotifyForm({}, ok({ email: 'jane@example.com', phone: null, preferred_contact_method: null }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(submit(form));
    expect(await within(form).findByText("We've saved your contact details and will let you know as soon as your analysis is ready.")).toBeInTheDocument();
    expect(api.callsTo('PATCH', contactPath)[0].body).toEqual({ email: 'jane@example.com', phone: null, preferredContactMethod: null, contactConsent: null });
  });

  it('marks the method group invalid and moves focus to it, so its message is heard (issue 25 §4)', async () => {
    const { user, form } = await renderNotifyForm();
    await user.click(submit(form));
    const radios = within(form).getAllByRole('radio');
    await waitFor(() => expect(radios[0]).toHaveFocus());
    for (const radio of radios) {
      expect(radio).toHaveAttribute('aria-invalid', 'true');
      expect(radio).toHaveAccessibleDescription('Please enter an email or a phone number so we can reach you');
    }
  });

  it('does not say the details were saved when nothing was entered (issue 14, defect 4)', async () => {
    const { user, form, api } = await renderNotifyForm();
    await user.click(submit(form));
    expect(await within(form).findByText('Please enter an email or a phone number so we can reach you')).toBeInTheDocument();
    expect(within(form).queryByText(/We've saved your contact details/)).not.toBeInTheDocument();
    expect(submit(form)).toBeInTheDocument();
    expect(api.callsTo('PATCH', contactPath)).toHaveLength(0);
  });

  it('checks only the chosen method: a half-typed phone does not block Email (issue 14, defect 4)', async () => {
    const { user, form, api } = await renderNotifyForm({}, ok({ email: 'jane@example.com', phone: null, preferred_contact_method: 'email' }));
    await user.click(within(form).getByRole('radio', { name: 'Text' }));
    await user.type(within(form).getByRole('textbox', { name: 'Phone number' }), '0123');
    await user.click(within(form).getByRole('radio', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(submit(form));
    expect(await within(form).findByText("We'll email you as soon as your analysis is ready.")).toBeInTheDocument();
    expect(api.callsTo('PATCH', contactPath)[0].body).toEqual({ email: 'jane@example.com', phone: null, preferredContactMethod: 'email', contactConsent: null });
  });

  it('shows saved details as already saved', async () => {
    const { form } = await renderNotifyForm({ email: 'jane@example.com', preferred_contact_method: 'email' });
    expect(within(form).getByText("We'll email you as soon as your analysis is ready.")).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Notify Me' })).not.toBeInTheDocument();
  });

  it('prefills the form when the visitor changes saved details', async () => {
    const { user, form } = await renderNotifyForm({ phone: '8015550142', preferred_contact_method: 'phone' });
    await user.click(within(form).getByRole('button', { name: 'Change contact details' }));
    expect(within(form).getByRole('textbox', { name: 'Phone number' })).toHaveValue('8015550142');
    expect(within(form).getByRole('radio', { name: 'Phone call' })).toBeChecked();
  });

  it('starts from empty fields when the saved details come masked, so no masked value is sent back (docs/records.md)', async () => {
    const { user, form } = await renderNotifyForm({ email: 'j•••@example.com', phone: '•••-•••-0142', preferred_contact_method: 'text' });
    await user.click(within(form).getByRole('button', { name: 'Change contact details' }));
    expect(within(form).getByRole('radio', { name: 'Text' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
  });

  it('logs a failed save and keeps the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, form } = await renderNotifyForm({}, { status: 500, body: { error: 'boom' } });
    await user.click(within(form).getByRole('radio', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(submit(form));
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith('Failed to save contact information', expect.anything()));
    expect(submit(form)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('jane@example.com');
  });
});
