import { InstantGradeCard } from '@/components/analysis/instant-grade-card';
import { QuotesSideBySide } from '@/components/analysis/quotes-side-by-side';
import { comparedQuoteChoice } from '@/components/analysis/quote-choices';
import { ScenarioSummary } from '@/components/analysis/scenario-summary';
import { QuoteContactContext, useContactModal } from '@/components/contact-modal-context';
import { Card } from '@/components/card';
import { Page, PageTitle } from '@/components/page';
import { Disclosure } from '@/components/disclosure';
import { ProgressSteps } from '@/components/progress-steps';
import type { Schema } from '@/lib/api-client';
import { NotifyMeForm } from './notify-me-form';

type QuoteRequest = Schema<'QuoteRequest'>;

const withQuote = [
  "A licensed loan officer compares your quote's rate, fees and mortgage insurance with today's market.",
  'You get a grade from A to F, with the pros and cons of your quote.',
  'You see alternative quotes from a local partner lender, and a recommendation on what to do next.',
];

const withoutQuote = [
  'A licensed loan officer prices your loan scenario with today’s rates.',
  'You get rate estimates from a local partner lender, with their fees and mortgage insurance.',
  'You get a recommendation on what to ask lenders for when you shop.',
];

export function InProgressView({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  // An uploaded quote file is a quote too, even with no rate typed in.
  const hasQuote = quoteRequest.broker_rate != null || quoteRequest.user_uploaded_quote_url != null;
  const openContactModal = useContactModal();
  const quotes = (quoteRequest.comparison?.quotes ?? []).map(comparedQuoteChoice);
  // Issue 25: "Contact Broker" on each of the visitor's quotes, while the analysis is on its way too.
  const contactAbout = (aboutQuote: string) => openContactModal({ mode: 'question', quoteRequestId: quoteRequest.id, quotes, aboutQuote });
  return (
    <Page>
      <PageTitle intro="Thanks! A licensed loan officer is reviewing your information. Detailed results usually arrive within a few hours, and always within 24 hours.">
        Your Quote Analysis is in Progress
      </PageTitle>

      <ProgressSteps label="Analysis progress" steps={['Information Submitted', 'Quote Review', 'Results Ready']} current={1} />

      {quoteRequest.instant_grade && (
        <div className="mt-8">
          <InstantGradeCard grade={quoteRequest.instant_grade} />
        </div>
      )}

      {quoteRequest.comparison && (
        <div className="mt-8">
          <QuoteContactContext value={contactAbout}>
            <QuotesSideBySide comparison={quoteRequest.comparison} />
          </QuoteContactContext>
        </div>
      )}

      <div className="mt-8">
        <ScenarioSummary quoteRequest={quoteRequest} />
      </div>

      {/* On paper the notify form is left out: What to Expect takes the width. */}
      <div className="mt-8 grid gap-6 md:grid-cols-2 print:grid-cols-1">
        <Card padding={6} aria-labelledby="expect-title">
          <h2 id="expect-title" className="text-xl font-bold text-slate-900">
            What to Expect
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-800">
            {(hasQuote ? withQuote : withoutQuote).map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-600">Bookmark this page: your results will appear right here.</p>
        </Card>
        {/* A form to fill in on screen: nothing to do with it on paper. */}
        <div className="print:hidden">
          <NotifyMeForm quoteRequest={quoteRequest} />
        </div>
      </div>

      <Card as="div" padding="x6" className="mt-8 print:hidden">
        <Disclosure summary="Why is this taking time?" headingLevel={2}>
          <p>
            A real person reviews every request. Our licensed loan officers check your rate and each fee against current
            pricing from our partner lender, and look for ways to save you money. That careful review takes a little time,
            but it is usually done in less than a day.
          </p>
        </Disclosure>
      </Card>
    </Page>
  );
}
