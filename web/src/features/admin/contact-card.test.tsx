import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeQuoteRequest } from '@/testing/fixtures';
import { ContactCard } from './components/request-cards';

const words =
  'I agree that quotegrade Mortgage Brokerage may call or text me at 801-555-0142 about this request. Consent is not a condition of any service. ' +
  'Message and data rates may apply. Reply STOP to opt out.';

describe("the request page's contact card (TCPA, issue 26)", () => {
  it('shows the consent to calls and texts: the words the visitor agreed to, when and from which address', () => {
    render(
      <ContactCard
        request={makeQuoteRequest({
          phone: '8015550142',
          preferred_contact_method: 'text',
          contact_consent: { text: words, at: '2026-03-14T15:09:26Z', address: '203.0.113.9' },
        })}
      />,
    );
    const consent = screen.getByText('Consent to calls and texts').nextElementSibling;
    expect(consent).toHaveTextContent(`Given March 14, 2026 at 9:09 AM from 203.0.113.9: “${words}”`);
  });

  it('says there is none, so nobody calls or texts', () => {
    render(<ContactCard request={makeQuoteRequest({ email: 'jane@example.com', preferred_contact_method: 'email', contact_consent: null })} />);
    expect(screen.getByText('Consent to calls and texts').nextElementSibling).toHaveTextContent('None (no calls or texts)');
  });
});
