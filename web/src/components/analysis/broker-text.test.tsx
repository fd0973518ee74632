// Issue 26 (12 CFR 1026.24): a loan officer's bare rate says what it is, and where each quote's APR is.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BROKER_RATE_NOTE, BROKER_WORDS } from '@/lib/quote-display';
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
});
