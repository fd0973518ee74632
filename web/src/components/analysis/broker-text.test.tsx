// Issue 26 (12 CFR 1026.24): a loan officer's bare rate says what it is, and where each quote's APR is.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BROKER_PAYMENT_NOTE, BROKER_RATE_NOTE, BROKER_WORDS } from '@/lib/quote-display';
import { renderPage } from '@/testing/render';
import { BrokerText } from './broker-text';

describe('BrokerText', () => {
  it('adds the note beside words naming a rate without its APR', () => {
    renderPage(
      <section aria-label="Recommendation" {...BROKER_WORDS}>
        <BrokerText text="Ask your lender to match 6.5%." />
      </section>,
    );
    expect(screen.getByRole('region', { name: 'Recommendation' })).toHaveTextContent(`Ask your lender to match 6.5%.${BROKER_RATE_NOTE}`);
  });

  it('leaves words alone when every rate has its APR, or there is none', () => {
    renderPage(
      <>
        <section aria-label="With its APR">
          <BrokerText text="Ask for 6.250% (6.472% APR)." />
        </section>
        <section aria-label="No rate">
          <BrokerText text="Lock this week." />
        </section>
      </>,
    );
    expect(screen.getByRole('region', { name: 'With its APR' })).toHaveTextContent(/^Ask for 6\.250% \(6\.472% APR\)\.$/);
    expect(screen.getByRole('region', { name: 'No rate' })).toHaveTextContent(/^Lock this week\.$/);
    expect(screen.queryByText(BROKER_RATE_NOTE)).toBeNull();
  });

  it('adds the payment note beside words naming an amount a month (12 CFR 1026.24(d))', () => {
    renderPage(
      <>
        <section aria-label="A payment" {...BROKER_WORDS}>
          <BrokerText text="Mortgage insurance of $165 a month is in line with 10% down." />
        </section>
        <section aria-label="No payment" {...BROKER_WORDS}>
          <BrokerText text="Fees of $4,850 are high." />
        </section>
      </>,
    );
    expect(screen.getByRole('region', { name: 'A payment' })).toHaveTextContent(
      "Mortgage insurance of $165 a month is in line with 10% down.Payments in the loan officer's words are for the quotes in the Quote Comparison, each with its APR, number of payments and down payment.",
    );
    expect(screen.getByRole('region', { name: 'No payment' })).toHaveTextContent(/^Fees of \$4,850 are high\.$/);
    expect(screen.getAllByText(BROKER_PAYMENT_NOTE)).toHaveLength(1);
  });
});
