import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storage } from '@/lib/storage';
import { renderApp } from '@/testing/render';

vi.setConfig({ testTimeout: 20_000 });

describe('a wrong answer on a wizard step', () => {
  it('is announced in an error summary that was in the step before, with focus on the field', async () => {
    storage.loanInfo.set({
      loanType: 'purchase', isFirstHome: true, purchasePrice: 400000, downPayment: 40000, downPaymentPercent: 10,
      propertyType: 'primary', propertyStyle: 'single', militaryService: false, zipCode: '84101',
    });
    const { user } = renderApp('/loan-information');
    const step = (await screen.findByRole('heading', { level: 2, name: "What's your credit score?" })).closest('section')!;
    const summary = step.querySelector('[aria-live="assertive"]');
    expect(summary).toBeEmptyDOMElement();

    const score = within(step).getByRole('spinbutton', { name: 'Estimated credit score' });
    await user.type(score, '900');
    await user.click(within(step).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(score).toHaveFocus());
    expect(step.querySelector('[aria-live="assertive"]')).toBe(summary);
    expect(within(step).getByRole('alert')).toBe(summary);
    expect(summary).toHaveTextContent('Please check your answer: Credit score must be a whole number between 300 and 850');
  });
});

describe('the error summary of a wizard step', () => {
  it('is written when Continue is pressed, not again on each keystroke, and goes when the answer is right (issue 25 §4)', async () => {
    storage.loanInfo.set({
      loanType: 'purchase', isFirstHome: true, purchasePrice: 400000, downPayment: 40000, downPaymentPercent: 10,
      propertyType: 'primary', propertyStyle: 'single', militaryService: false,
    });
    const { user } = renderApp('/loan-information');
    const step = (await screen.findByRole('heading', { level: 2, name: "What's the zip code of the property?" })).closest('section')!;
    const summary = step.querySelector('[aria-live="assertive"]')!;
    const zip = within(step).getByLabelText('Zip code');
    await user.click(within(step).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(summary).toHaveTextContent(/^Please check your answer: /));
    const first = summary.textContent;

    // Each keystroke checks the field again; the announced summary stays as Continue left it.
    const changes: string[] = [];
    const observer = new MutationObserver(() => changes.push(summary.textContent ?? ''));
    observer.observe(summary, { subtree: true, childList: true, characterData: true });
    await user.type(zip, '841');
    expect(changes).toEqual([]);
    expect(summary.textContent).toBe(first);

    await user.type(zip, '01');
    await waitFor(() => expect(summary).toBeEmptyDOMElement());
    observer.disconnect();
  });
});
