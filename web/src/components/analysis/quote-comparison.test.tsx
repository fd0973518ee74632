// Issue 14, defect 9: the comparison table names a quote only when the visitor gave one.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ARM_RATE_NOTE } from '@/lib/quote-display';
import { makeAnalysis, makeFigures, makeQuote, makeQuoteRequest } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { QuoteComparison } from './quote-comparison';

describe('QuoteComparison caption', () => {
  it('compares the visitor quote when there is one', () => {
    renderPage(<QuoteComparison quoteRequest={makeQuoteRequest({ broker_rate: 6.5 })} analysis={makeAnalysis()} />);
    expect(screen.getByRole('table', { name: 'Your quote compared with lender alternatives, lowest rate first' })).toBeInTheDocument();
  });

  it('speaks of lender quotes for a refinance without a visitor quote', () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', broker_rate: null, purchase_price: null, down_payment: null, property_value: 600000, remaining_balance: 300000 });
    renderPage(<QuoteComparison quoteRequest={request} analysis={makeAnalysis()} />);
    expect(screen.getByRole('table', { name: 'Lender quotes for your scenario, lowest rate first' })).toBeInTheDocument();
    expect(screen.queryByText(/Your quote compared/)).not.toBeInTheDocument();
    // Even without a quote to compare with, closing costs are explained (issue 25).
    expect(screen.getByText(/^Closing costs are the lender fees plus the appraisal, title estimate and lender charges/)).toBeInTheDocument();
  });
});

describe('QuoteComparison ARM rates', () => {
  it('says beside an ARM rate, in the table and on the cards, that it may increase after the fixed period', () => {
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'arm', rate: 5.75, loanProgram: '5-1-arm' }), makeQuote({ id: 'fixed', rate: 6.25, loanProgram: '30-year-fixed' })],
    });
    renderPage(<QuoteComparison quoteRequest={makeQuoteRequest()} analysis={analysis} />);
    // One in the table, one on the small-screen card: only the ARM's rate says it.
    expect(screen.getAllByText(ARM_RATE_NOTE)).toHaveLength(2);
    expect(ARM_RATE_NOTE).toBe('5/1 ARM: the rate may increase after the fixed period');
  });
});

describe('QuoteComparison APRs (12 CFR 1026.24, issue 26)', () => {
  it('gives every rate its APR, as prominent as the rate on the phone cards too, and marks an ARM', () => {
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'arm', rate: 5.75, apr: 6.1, loanProgram: '5-1-arm' }), makeQuote({ id: 'fixed', rate: 6.25, apr: 6.4, loanProgram: '30-year-fixed' })],
    });
    // Lender quotes only: the visitor's own quote has no APR in this fixture.
    const { container } = renderPage(<QuoteComparison quoteRequest={makeQuoteRequest({ broker_rate: null })} analysis={analysis} />);
    const cards = [...container.querySelectorAll('ul[aria-label="Quotes, lowest rate first"] > li')];
    expect(cards.length).toBeGreaterThan(0);
    for (const pair of container.querySelectorAll('[data-rate-pair]:is(tr, li)')) {
      const rates = pair.querySelectorAll('[data-rate="offer"]');
      const aprs = pair.querySelectorAll('[data-apr]');
      expect(rates).toHaveLength(1);
      expect(aprs).toHaveLength(1);
      expect(aprs[0].textContent).toMatch(/^\d+\.\d+%$/);
    }
    for (const card of cards) {
      // The rate's and the APR's <dd> carry the same weight.
      expect(card.querySelector('[data-apr]')!.closest('dd')!.className).toBe(card.querySelector('[data-rate="offer"]')!.closest('dd')!.className);
    }
    const arms = container.querySelectorAll('[data-rate-arm]');
    expect(arms).toHaveLength(2);
    arms.forEach((arm) => expect(arm).toHaveTextContent('rate may increase'));
  });
});

describe('QuoteComparison: a rate no APR describes (12 CFR 1026.24(c), issue 26)', () => {
  it('calls a quote saved without an APR, whose figures give none, an interest rate, in the table and on the cards, never "—"', () => {
    const analysis = makeAnalysis({
      quotes: [
        makeQuote({ id: 'old', rate: 6.25, apr: null, figures: makeFigures({ apr: null }) }),
        makeQuote({ id: 'arm', rate: 5.75, apr: null, loanProgram: '5-1-arm', figures: null }),
        makeQuote({ id: 'priced', rate: 6.5, apr: 6.612 }),
      ],
    });
    const { container } = renderPage(<QuoteComparison quoteRequest={makeQuoteRequest({ broker_rate: null })} analysis={analysis} />);
    const table = screen.getByRole('table');
    const cards = screen.getByRole('list', { name: 'Quotes, lowest rate first' });
    for (const where of [table, cards]) {
      // The rate says what it is and the APR column says why there is none.
      expect(within(where).getByText('6.25% (an interest rate, not an APR)')).toBeInTheDocument();
      expect(within(where).getByText('5.75% (an interest rate, not an APR)')).toBeInTheDocument();
      expect(within(where).getAllByText('None: no APR describes this quote')).toHaveLength(2);
      // The priced quote keeps its rate beside its APR.
      expect(within(where).getByText('6.612%')).toBeInTheDocument();
    }
    // No APR cell is a bare dash.
    for (const apr of container.querySelectorAll('[data-apr]')) expect(apr.textContent).toMatch(/^\d+\.\d+%$/);
    const tableRow = within(table).getByRole('row', { name: /6\.25%/ });
    expect(tableRow).not.toHaveTextContent('—');
    // The e2e rate check reads these marks: the rate is explained words, not an offer waiting for an APR.
    expect(tableRow).not.toHaveAttribute('data-rate-pair');
    expect(tableRow.querySelector('[data-rate="inline"]')).toHaveTextContent('6.25% (an interest rate, not an APR)');
    expect(within(table).getByRole('row', { name: /6\.50%/ })).toHaveAttribute('data-rate-pair');
  });
});

describe('QuoteComparison: payments come with their terms (12 CFR 1026.24(d), issue 26)', () => {
  it('states beside each quote, in the table and on the cards, its number of payments and the down payment', () => {
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'fixed', rate: 6.25, figures: makeFigures() }), makeQuote({ id: 'fifteen', rate: 5.75, loanProgram: '15-year-fixed', figures: makeFigures({ term_months: 180 }) })],
    });
    const request = makeQuoteRequest({ broker_rate: null, purchase_price: 450000, down_payment: 45000 });
    const { container } = renderPage(<QuoteComparison quoteRequest={request} analysis={analysis} />);
    for (const where of [screen.getByRole('table'), screen.getByRole('list', { name: 'Quotes, lowest rate first' })]) {
      expect(within(where).getByText('30-year fixed: 360 monthly payments, $45,000 down')).toBeInTheDocument();
      expect(within(where).getByText('15-year fixed: 180 monthly payments, $45,000 down')).toBeInTheDocument();
    }
    // Each row and card is one card for the payment check: its payments, terms and APR together.
    const cards = container.querySelectorAll('[data-payment-terms]');
    expect(cards).toHaveLength(4);
    cards.forEach((card) => expect(card).toHaveTextContent(/monthly payments, \$45,000 down.*\d\.\d{3}%/));
  });

  it('says a refinance has no down payment', () => {
    const request = makeQuoteRequest({ loan_type: 'refinance', broker_rate: null, purchase_price: null, down_payment: null, property_value: 600000, remaining_balance: 300000 });
    renderPage(<QuoteComparison quoteRequest={request} analysis={makeAnalysis({ quotes: [makeQuote({ figures: makeFigures() })] })} />);
    expect(within(screen.getByRole('table')).getByText('30-year fixed: 360 monthly payments, no down payment (a refinance)')).toBeInTheDocument();
  });

  it('counts the payments the server priced the quote over, and none for a quote it has no figures for', () => {
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'priced', rate: 6.25, figures: makeFigures({ term_months: 240 }) }), makeQuote({ id: 'unpriced', rate: 6.5, figures: null })],
    });
    renderPage(<QuoteComparison quoteRequest={makeQuoteRequest({ broker_rate: null, purchase_price: 450000, down_payment: 45000 })} analysis={analysis} />);
    const table = screen.getByRole('table');
    expect(within(table).getByText('30-year fixed: 240 monthly payments, $45,000 down')).toBeInTheDocument();
    expect(within(table).getByText('30-year fixed, $45,000 down')).toBeInTheDocument();
  });
});
