import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { makeSite } from '@/testing/fixtures';
import { mockApi, ok } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('header', () => {
  it('marks the current page in the navigation', () => {
    renderApp('/check-my-rate');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Rate My Quote' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Shop Rates' })).toHaveAttribute('href', '/quote-start');
    expect(within(nav).getByRole('link', { name: 'Refi Buddy' })).toHaveAttribute('href', '/should-i-refinance');
  });

  it('opens and closes the mobile menu', async () => {
    const { user } = renderApp('/');
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Following a link closes the menu.
    await user.click(screen.getByRole('link', { name: 'Shop Rates' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('gets a shadow after scrolling more than 20px', () => {
    renderApp('/');
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-scrolled', 'false');
    Object.defineProperty(window, 'scrollY', { value: 21, configurable: true });
    fireEvent.scroll(window);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('scrolls to the top on every route change', async () => {
    const { user } = renderApp('/');
    (window.scrollTo as unknown as { mockClear: () => void }).mockClear();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Refi Buddy' }));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

describe('footer', () => {
  it('links the quick links, contact details and the sister site', async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'hello@quotegrade.example' });
    expect(within(footer).getByRole('link', { name: 'Is My Quote Good?' })).toHaveAttribute('href', '/is-my-quote-good');
    expect(within(footer).getByRole('link', { name: 'Check Rates Now' })).toHaveAttribute('href', '/quote-start');
    expect(within(footer).getByRole('link', { name: 'Should I Refinance?' })).toHaveAttribute('href', '/should-i-refinance');
    expect(within(footer).getByRole('link', { name: 'hello@quotegrade.example' })).toHaveAttribute('href', 'mailto:hello@quotegrade.example');
    expect(within(footer).getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute('href', 'tel:+18015550142');
    expect(within(footer).getByRole('link', { name: 'Visit our Idaho site' })).toHaveAttribute('href', 'https://idaho.quotegrade.example');
    expect(footer).toHaveTextContent('We are not a lender');
    expect(footer).toHaveTextContent('NMLS #000000');
  });

  it('says the shipped values are a demonstration', async () => {
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByText('This is a demonstration site.')).toBeInTheDocument();
  });

  it("shows the operator's brokerage from the site file, with no demonstration notice", async () => {
    mockApi({
      'GET /api/site': ok(
        makeSite({
          brokerageName: 'Wasatch Home Loans',
          brand: 'Wasatch Loans',
          brokerageNmls: '1234567',
          contactEmail: 'loans@wasatch.example',
          contactPhone: '801.555.0199',
          sisterSite: { state: 'Nevada', url: 'https://nv.wasatch.example' },
          postalAddress: '1 Main St, Provo, UT 84601',
          testimonials: [{ quote: 'Quick and clear.', name: 'Ann B.', town: 'Provo, UT' }],
          demonstration: false,
        }),
      ),
    });
    renderApp('/');
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'loans@wasatch.example' })).toHaveAttribute('href', 'mailto:loans@wasatch.example');
    expect(within(footer).getByRole('link', { name: '801.555.0199' })).toHaveAttribute('href', 'tel:+18015550199');
    expect(within(footer).getByRole('link', { name: 'Visit our Nevada site' })).toHaveAttribute('href', 'https://nv.wasatch.example');
    expect(footer).toHaveTextContent('Wasatch Home Loans · NMLS #1234567');
    expect(within(footer).getByRole('link', { name: 'NMLS Consumer Access' })).toHaveAttribute(
      'href',
      'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/1234567',
    );
    expect(footer).toHaveTextContent('1 Main St, Provo, UT 84601');
    expect(within(footer).getByRole('img', { name: 'Equal Housing Opportunity' })).toBeInTheDocument();
    expect(footer).not.toHaveTextContent('demonstration');
    expect(footer).not.toHaveTextContent('quotegrade.example');
    // Only the operator's own testimonials are shown.
    expect(await screen.findByText('“Quick and clear.”')).toBeInTheDocument();
    // The title names the display brand, as the server fills it into the prerendered page (issue 26).
    expect(document.title).toBe('Wasatch Loans – Could you get a better deal on your mortgage?');
  });

  it('links the privacy, licensing and terms pages and invents no testimonials', async () => {
    renderApp('/');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Licensing' })).toHaveAttribute('href', '/licensing');
    expect(within(legal).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await within(screen.getByRole('contentinfo')).findByRole('link', { name: 'NMLS Consumer Access' });
    expect(screen.queryByRole('heading', { name: 'What our clients say' })).not.toBeInTheDocument();
  });
});

describe('routes', () => {
  it('shows a friendly page for an unknown address', () => {
    renderApp('/no-such-page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('opens Refi Buddy', () => {
    renderApp('/should-i-refinance');
    expect(screen.getByRole('heading', { level: 1, name: 'Never Miss a Chance to Refinance' })).toBeInTheDocument();
  });
});

describe('home', () => {
  it('offers the three tools and opens the contact modal', async () => {
    const { user } = renderApp('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Could you get a better deal on your mortgage?' })).toBeInTheDocument();
    expect(screen.getByText(/Detailed results within 24 hours\. No Social Security number, no credit check\./)).toBeInTheDocument();
    // No claim the product does not keep (issue 26): an upload carries names and addresses, and estimates are calculated.
    expect(document.body).not.toHaveTextContent(/no personal information|not an algorithm/i);
    expect(screen.getByText(/A Loan Estimate you upload is read to fill in the form for you, kept with your request/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Compare My Quote' })[0]).toHaveAttribute('href', '/check-my-rate');
    expect(screen.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '/is-my-quote-good');
    for (const tool of ['Quote Review', 'Shop Rates', 'Refi Buddy']) {
      expect(screen.getByRole('heading', { level: 3, name: tool })).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Why trust us?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speak to a Mortgage Expert' }));
    expect(screen.getByRole('dialog', { name: 'Speak to a Mortgage Professional' })).toBeInTheDocument();
  });
});

describe('quote start', () => {
  it('offers both paths and the example', () => {
    renderApp('/quote-start');
    expect(screen.getByRole('heading', { level: 1, name: "Let's Get Started" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /I already have a rate quote/ })).toHaveAttribute('href', '/check-my-rate');
    expect(screen.getByRole('link', { name: /I'm shopping for a mortgage/ })).toHaveAttribute('href', '/loan-information');
    expect(screen.getByRole('link', { name: 'See an example analysis' })).toHaveAttribute('href', '/example-results');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('sends a visitor with a saved request to its results', async () => {
    storage.requestId.set('saved-1');
    const { location } = renderApp('/quote-start');
    await waitFor(() => expect(location().pathname).toBe('/rate-results'));
    expect(location().search).toBe('?qr=saved-1');
  });
});

describe('grade landing', () => {
  it('explains the steps and answers questions on demand', async () => {
    const { user } = renderApp('/is-my-quote-good');
    expect(screen.getByRole('heading', { level: 1, name: 'Grade Your Mortgage Rate Quote' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/check-my-rate');
    expect(screen.getByRole('link', { name: 'See an example analysis' })).toHaveAttribute('href', '/example-results');
    const faq = screen.getByRole('button', { name: 'How long does it take?' });
    expect(faq).toHaveAttribute('aria-expanded', 'false');
    await user.click(faq);
    expect(faq).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Grading takes less than a day/)).toBeVisible();
  });
});
