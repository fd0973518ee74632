import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAnalysis, makeFigures, makeQuote, makeQuoteRequest } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { AnalysisView } from './analysis-view';

const view = (request = makeQuoteRequest(), analysis = makeAnalysis()) =>
  renderPage(<AnalysisView quoteRequest={request} analysis={analysis} trackingEnabled={false} />);

describe('the analysed results', () => {
  it('sum up what the visitor entered, so they can check the figures', () => {
    view();
    const summary = screen.getByRole('region', { name: 'What you told us' });
    for (const [label, value] of [
      ['Purchase price', '$500,000'],
      ['Down payment', '$50,000 (10%)'],
      ['Loan amount', '$450,000'],
      ['Loan-to-value', '90%'],
      ['Credit score', '740'],
      ['Program', '30-year fixed'],
    ]) {
      expect(within(summary).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
  });

  it('sum up a refinance with its balance and cash out', () => {
    view(makeQuoteRequest({ loan_type: 'refinance', purchase_price: null, down_payment: null, property_value: 600000, remaining_balance: 320000, cash_out: true, cash_out_amount: 50000 }));
    const summary = screen.getByRole('region', { name: 'What you told us' });
    expect(within(summary).getByText('Property value').nextElementSibling).toHaveTextContent('$600,000');
    expect(within(summary).getByText('Remaining balance').nextElementSibling).toHaveTextContent('$320,000');
    expect(within(summary).getByText('Cash out').nextElementSibling).toHaveTextContent('$50,000');
    expect(within(summary).getByText('Loan amount').nextElementSibling).toHaveTextContent('$370,000');
    expect(within(summary).getByText('Loan-to-value').nextElementSibling).toHaveTextContent('61.7%');
  });

  it("show each of the visitor's questions with the loan officer's answer", () => {
    view(
      makeQuoteRequest({ questions: ['Is this a good rate?', 'Should I lock now?'] }),
      makeAnalysis({ answers: ['Yes, for a 740 score it is fair.', ''] }),
    );
    const questions = screen.getByRole('region', { name: 'Your questions' });
    expect(within(questions).getByText('Is this a good rate?').nextElementSibling).toHaveTextContent('Yes, for a 740 score it is fair.');
    expect(within(questions).getByText('Should I lock now?').nextElementSibling).toHaveTextContent('Not answered in writing yet');
  });

  it('have no questions section when the visitor asked none', () => {
    view();
    expect(screen.queryByRole('region', { name: 'Your questions' })).not.toBeInTheDocument();
  });

  it("show the broker's reason beside a recommended quote", () => {
    view(makeQuoteRequest(), makeAnalysis({ recommendation_reason: 'It closes in 10 days, before your contract deadline.' }));
    const cards = within(screen.getByRole('list', { name: 'Quotes, lowest rate first' })).getAllByRole('listitem');
    const recommended = cards.find((card) => within(card).queryByText('Recommended'))!;
    expect(recommended).toHaveTextContent('Why we recommend it: It closes in 10 days, before your contract deadline.');
    expect(cards.filter((card) => card.textContent?.includes('Why we recommend it'))).toHaveLength(1);
  });

  it('say missing mortgage insurance is not provided, with the estimate counted marked as one', () => {
    const analysis = makeAnalysis({
      quotes: [makeQuote({ id: 'q', rate: 6.25, mortgageInsurance: null, figures: makeFigures({ mortgage_insurance: 148.5, mortgage_insurance_estimated: true }) })],
    });
    view(makeQuoteRequest({ broker_rate: null }), analysis);
    const card = within(screen.getByRole('list', { name: 'Quotes, lowest rate first' })).getAllByRole('listitem')[0];
    expect(within(card).getByText('Mortgage Insurance').nextElementSibling).toHaveTextContent('Not provided (we estimate $148.50 a month)');
  });
});
