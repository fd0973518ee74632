import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useContactModal } from '@/components/contact-modal-context';
import { storage } from '@/lib/storage';
import { created, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';

function Openers() {
  const open = useContactModal();
  return (
    <>
      <button onClick={() => open()}>Ask a question</button>
      <button onClick={() => open({ mode: 'update_rates', quoteRequestId: 'qr-9' })}>Update my rates</button>
    </>
  );
}

async function openModal(mode: 'question' | 'update_rates' = 'question') {
  const view = renderPage(<Openers />);
  await view.user.click(screen.getByRole('button', { name: mode === 'question' ? 'Ask a question' : 'Update my rates' }));
  return { ...view, dialog: screen.getByRole('dialog') };
}

describe('contact modal', () => {
  it('is a named dialog that closes with Escape', async () => {
    const { user, dialog } = await openModal();
    expect(dialog).toHaveAccessibleName('Speak to a Mortgage Professional');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(dialog).not.toHaveAttribute('open');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    // Focus goes back to the button that opened it.
    expect(screen.getByRole('button', { name: 'Ask a question' })).toHaveFocus();
  });

  it('shows every validation message for an empty question', async () => {
    const api = mockApi({});
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide either email or phone number')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your question')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('rejects a malformed email and phone', async () => {
    mockApi({});
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '555-01');
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('clears a message when its field is edited', async () => {
    mockApi({});
    const { user, dialog } = await openModal();
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'J');
    expect(within(dialog).queryByText('Name is required')).not.toBeInTheDocument();
    // Typing a phone number answers "either email or phone" too.
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '8');
    expect(within(dialog).queryByText('Please provide either email or phone number')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your question')).toBeInTheDocument();
  });

  it('sends the question with the saved request id and thanks the visitor', async () => {
    storage.requestId.set('saved-request');
    const api = mockApi({ 'POST /api/contact-requests/submit': created('c-1') });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane Doe');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '801-555-0142');
    await user.click(within(dialog).getByRole('radio', { name: 'Text message' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Is 6.5% good?');
    await user.click(within(dialog).getByRole('checkbox', { name: /may call or text me at 801-555-0142/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));

    expect(await screen.findByRole('dialog', { name: 'Thank You!' })).toHaveTextContent(
      "We've received your question and are looking forward to helping with your mortgage.",
    );
    expect(api.callsTo('POST', '/api/contact-requests/submit')[0].body).toEqual({
      name: 'Jane Doe',
      email: null,
      phone: '801-555-0142',
      question: 'Is 6.5% good?',
      preferredContact: 'text',
      state: 'UT',
      quoteRequestId: 'saved-request',
      kind: 'question',
      contactConsent: true,
    });
  });

  it('asks no question in update mode', async () => {
    const api = mockApi({ 'POST /api/contact-requests/submit': created('c-2') });
    const { user, dialog } = await openModal('update_rates');
    expect(dialog).toHaveAccessibleName('Request Updated Rates');
    await user.click(within(dialog).getByRole('button', { name: 'Request Updated Rates' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please provide either email or phone number')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please enter your question')).not.toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Request Updated Rates' }));
    expect(await screen.findByRole('dialog', { name: 'Thank You!' })).toBeInTheDocument();
    expect(api.calls[0].body).toMatchObject({ kind: 'update_rates', question: null, quoteRequestId: 'qr-9', email: 'jane@example.com' });
  });

  it('shows the failure on the question field', async () => {
    mockApi({ 'POST /api/contact-requests/submit': { status: 500, body: { error: 'boom' } } });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Hello?');
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(await within(dialog).findByText('Failed to submit form. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveAccessibleDescription('Failed to submit form. Please try again.');
  });

  it("shows the server's own message when it refuses the request", async () => {
    mockApi({ 'POST /api/contact-requests/submit': { status: 429, body: { error: 'Too many requests. Please wait a minute.' } } });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Hello?');
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(await within(dialog).findByText('Too many requests. Please wait a minute.')).toBeInTheDocument();
  });

  it('prefers a phone call when only a phone is given (issue 14, defect 5)', async () => {
    const api = mockApi({ 'POST /api/contact-requests/submit': created('c-5') });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane Doe');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '801-555-0142');
    expect(within(dialog).getByRole('radio', { name: 'Phone call' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Email' })).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Is 6.5% good?');
    await user.click(within(dialog).getByRole('checkbox', { name: /may call or text me/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(await screen.findByRole('dialog', { name: 'Thank You!' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/contact-requests/submit')[0].body).toMatchObject({ email: null, phone: '801-555-0142', preferredContact: 'phone' });
  });

  it('refuses a preferred method the visitor gave no way for (issue 14, defect 5)', async () => {
    const api = mockApi({ 'POST /api/contact-requests/submit': created('c-6') });
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane Doe');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'jane@example.com');
    await user.click(within(dialog).getByRole('radio', { name: 'Text message' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Is 6.5% good?');
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(await within(dialog).findByText('Please add your phone number, or choose Email')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/contact-requests/submit')).toHaveLength(0);
  });

  it('asks for consent, unticked, before a call or text (TCPA, issue 26)', async () => {
    const api = mockApi({ 'POST /api/contact-requests/submit': created('c-7') });
    const { user, dialog } = await openModal();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Jane Doe');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '801-555-0142');
    const consent = within(dialog).getByRole('checkbox', {
      name: 'I agree that quotegrade Mortgage Brokerage may call or text me at 801-555-0142 about this request. Consent is not a condition of any service. Message and data rates may apply. Reply STOP to opt out.',
    });
    expect(consent).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Your question' }), 'Is 6.5% good?');
    await user.click(within(dialog).getByRole('button', { name: 'Send My Question' }));
    expect(
      await within(dialog).findByText('Please agree to be called or texted at this number, or leave the phone number out'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/contact-requests/submit')).toHaveLength(0);
  });
});
