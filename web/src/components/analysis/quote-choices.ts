import type { Schema } from '@/lib/api-client';
import { comparisonRows, rateWithAprText, type ComparisonRow } from '@/lib/quote-display';

type Analysis = Schema<'Analysis'>;
type SiteLender = Schema<'SiteLender'>;
type QuoteRequest = Schema<'QuoteRequest'>;
type ComparedQuote = Schema<'ComparedQuote'>;

/** A quote as the visitor sees it and the broker reads it: "Bonneville Bank, 6.250% (6.412% APR)". */
export function comparisonRowChoice(row: Pick<ComparisonRow, 'label' | 'rate' | 'apr'>): string {
  return `${row.label}, ${rateWithAprText(row.rate, row.apr)}`;
}

export function comparedQuoteChoice(quote: Pick<ComparedQuote, 'name' | 'rate' | 'apr'>): string {
  return `${quote.name}, ${rateWithAprText(quote.rate, quote.apr)}`;
}

/**
 * Every quote on a visitor's results page, for the contact modal's "Which quote is
 * this about?": the Quote Comparison's rows, then the visitor's quotes side by side.
 */
export function quoteChoices(request: QuoteRequest, analysis: Analysis, lender?: Pick<SiteLender, 'name' | 'nmls'>): string[] {
  const choices = comparisonRows(request, analysis, lender).map(comparisonRowChoice);
  for (const quote of request.comparison?.quotes ?? []) choices.push(comparedQuoteChoice(quote));
  return [...new Set(choices)];
}
