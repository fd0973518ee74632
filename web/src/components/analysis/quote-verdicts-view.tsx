import { CircleCheck, CircleMinus } from 'lucide-react';
import type { Schema } from '@/lib/api-client';
import { gradeColour } from './grade-badge';
import { BROKER_WORDS, rateWithAprText } from '@/lib/quote-display';
import { BrokerText } from './broker-text';
import { TitledSection } from '@/components/titled-section';

type Analysis = Schema<'Analysis'>;
type QuoteRequest = Schema<'QuoteRequest'>;

/**
 * The quote's rate with its APR, as the advertising rules want them together (the server computes every quote's APR,
 * issue 25); a rate no APR describes says it is an interest rate. Null when the quote had no rate.
 */
function rateText(quoteRequest: QuoteRequest, index: number): string | null {
  const compared = quoteRequest.comparison?.quotes.find((quote) => quote.index === index);
  const visitor = quoteRequest.visitor_quotes[index];
  const rate = compared?.rate ?? visitor?.rate ?? null;
  if (rate == null) return null;
  return rateWithAprText(rate, compared?.apr ?? visitor?.apr ?? null);
}

function quoteName(quoteRequest: QuoteRequest, index: number): string {
  return (
    quoteRequest.comparison?.quotes.find((quote) => quote.index === index)?.name ?? quoteRequest.visitor_quotes[index]?.lenderName ?? `Quote ${index + 1}`
  );
}

/**
 * Issue 29: the broker's verdict on each of the visitor's quotes: its grade, pros and cons, and the
 * recommended one said in words, with the broker's reason when they gave one. One card per quote, side by side on wide screens.
 */
export function QuoteVerdictsView({ quoteRequest, analysis }: { quoteRequest: QuoteRequest; analysis: Analysis }) {
  if (analysis.quote_verdicts.length === 0) return null;
  return (
    <TitledSection id="verdicts-title" title="Our broker's verdict on each quote" headingClassName="mb-4 text-xl font-bold">
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Verdicts">
        {analysis.quote_verdicts.map((verdict, index) => {
          const name = quoteName(quoteRequest, index);
          const rate = rateText(quoteRequest, index);
          return (
            <li
              key={index}
              aria-label={`${name}: grade ${verdict.grade ?? 'not given'}${verdict.recommended ? ', recommended' : ''}`}
              className={`rounded-xl border bg-white p-4 shadow-sm ${verdict.recommended ? 'border-2 border-green-700' : 'border-slate-300'}`}
            >
              <div className="flex items-start gap-4">
                {verdict.grade && (
                  <span
                    data-grade={verdict.grade}
                    className={`inline-flex size-14 shrink-0 items-center justify-center rounded-xl text-3xl font-extrabold ring-2 ${gradeColour(verdict.grade)}`}
                  >
                    <span className="sr-only">Grade </span>
                    {verdict.grade}
                  </span>
                )}
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{name}</h3>
                  {rate && (
                    <p className="text-slate-800" data-rate-pair data-rate="inline">
                      {rate}
                    </p>
                  )}
                  {verdict.recommended && <p className="font-semibold text-green-800">Our broker recommends this quote</p>}
                  {/* The reason the editor asks for when the comparison names another quote cheapest: the visitor is told why. */}
                  {verdict.recommended && analysis.recommendation_reason && (
                    <p className="mt-1 text-slate-800" {...BROKER_WORDS}>
                      <BrokerText text={`Why we recommend it: ${analysis.recommendation_reason}`} />
                    </p>
                  )}
                </div>
              </div>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <VerdictList title="Pros" items={verdict.pros} kind="pro" />
                <VerdictList title="Cons" items={verdict.cons} kind="con" />
              </div>
            </li>
          );
        })}
      </ul>
    </TitledSection>
  );
}

function VerdictList({ title, items, kind }: { title: string; items: string[]; kind: 'pro' | 'con' }) {
  if (items.length === 0) return null;
  const Icon = kind === 'pro' ? CircleCheck : CircleMinus;
  return (
    <div>
      <h4 className="font-semibold text-slate-900">{title}</h4>
      <ul className="mt-1 space-y-1">
        {items.map((item, index) => (
          <li key={index} className="flex gap-2 text-slate-800" {...BROKER_WORDS}>
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${kind === 'pro' ? 'text-green-700' : 'text-red-700'}`} />
            <span>
              <BrokerText text={item} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
