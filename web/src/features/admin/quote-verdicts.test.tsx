// Issue 26: the broker's verdict editor names each visitor quote's rate with its APR, as the visitor's pages do.
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { Schema } from '@/lib/api-client';
import { makeComparison, makeQuoteRequest } from '@/testing/fixtures';
import { renderPage } from '@/testing/render';
import { QuoteVerdicts } from './components/quote-verdicts';
import type { EditorValues } from './editor';

type QuoteRequest = Schema<'QuoteRequest'>;
type VisitorQuote = Schema<'VisitorQuote'>;

function Verdicts({ request }: { request: QuoteRequest }) {
  const { control, register, formState } = useForm<EditorValues>({
    defaultValues: { verdicts: request.visitor_quotes.map(() => ({ grade: '', pros: '', cons: '', recommended: false })) } as Partial<EditorValues>,
  });
  return <QuoteVerdicts request={request} control={control} register={register} errors={formState.errors} />;
}

const visitorQuote = (lenderName: string, rate: number, apr: number | null): VisitorQuote => ({
  lenderName, rate, points: null, lenderFees: null, mortgageInsurance: null, uploadedFileUrl: null, apr,
});

// The comparison gives Bonneville Bank's 6.25% no APR (makeComparison).
const twoQuotes = (bonnevilleApr: number | null) =>
  makeQuoteRequest({ comparison: makeComparison(), visitor_quotes: [visitorQuote('Wasatch Home Loans', 6.875, 6.797), visitorQuote('Bonneville Bank', 6.25, bonnevilleApr)] });

describe("the broker's verdicts on the visitor's quotes", () => {
  it("gives a quote the comparison has no APR for the APR the server computed for the visitor's quote", () => {
    renderPage(<Verdicts request={twoQuotes(6.412)} />);
    expect(screen.getByRole('region', { name: 'Verdict on Wasatch Home Loans' })).toHaveTextContent(/^Quote 1: Wasatch Home Loans6\.875% \(6\.797% APR\), \$2,500 a month/);
    expect(screen.getByRole('region', { name: 'Verdict on Bonneville Bank' })).toHaveTextContent('6.25% (6.412% APR), $2,500 a month');
    expect(screen.queryByText(/APR not available/)).not.toBeInTheDocument();
  });

  it('calls a rate no APR describes an interest rate, and says why, instead of "APR not available"', () => {
    renderPage(<Verdicts request={twoQuotes(null)} />);
    expect(screen.getByRole('region', { name: 'Verdict on Bonneville Bank' })).toHaveTextContent(
      '6.25% (an interest rate, not an APR: no APR describes this quote), $2,500 a month',
    );
    expect(screen.queryByText(/APR not available/)).not.toBeInTheDocument();
  });
});
