import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { liveRegion } from '@/testing/live-region';
import { renderApp } from '@/testing/render';

describe('page changes', () => {
  it('moves focus to the new page heading and announces its title in a region that was already there', async () => {
    const { user } = renderApp('/');
    const region = liveRegion();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();
    // On the first load the browser announces the document: focus is left alone.
    expect(document.body).toHaveFocus();

    await user.click(screen.getAllByRole('link', { name: 'Compare My Quote' })[0]);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Enter Details About Your Mortgage Quote' });
    await waitFor(() => expect(heading).toHaveFocus());
    // The same element, now holding the new title.
    expect(liveRegion()).toBe(region);
    expect(region).toHaveTextContent('Rate My Quote · quotegrade');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('announces each page in turn', async () => {
    const { user } = renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Refi Buddy' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Never Miss a Chance to Refinance' })).toHaveFocus());
    expect(liveRegion()).toHaveTextContent('Refi Buddy · quotegrade');
    await user.click(within(nav).getByRole('link', { name: 'Shop Rates' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: "Let's Get Started" })).toHaveFocus());
    expect(liveRegion()).toHaveTextContent("Let's Get Started · quotegrade");
  });
});

describe('the mobile menu', () => {
  it('closes on Escape and gives focus back to the Menu button', async () => {
    const { user } = renderApp('/');
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
