import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { BackButton } from '@/components/back-button';
import { ButtonLink } from '@/components/button';
import { lazyPart, withParts } from '@/components/lazy-part';
import { TitledPage } from '@/components/page';
import { Spinner } from '@/components/spinner';
import { EXAMPLE_COMPARISON_REQUEST_ID, EXAMPLE_QUOTE_REQUEST_ID } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import { analysisQuery, quoteRequestQuery } from '@/lib/queries';
import { TitledSection } from '@/components/titled-section';

// The analysis is shown only once the example's data has arrived (the prerendered
// page holds its space): its code loads after the page's own, before the page
// hydrates and asks for the data (decision 0026).
const AnalysisView = lazyPart(() => import('@/components/analysis/analysis-view').then((m) => m.AnalysisView));
// Issue 29: the results page's comparison, of the three-quote example.
const QuotesSideBySide = lazyPart(() => import('@/components/analysis/quotes-side-by-side').then((m) => m.QuotesSideBySide));

const benefits = [
  'Compare your quote against market rates',
  'Compare up to four quotes side by side',
  'Get personalized recommendations',
  'See alternative quotes from local lenders',
];

const quoteCount = ['no', 'one', 'two', 'three', 'four'];

export const ExamplePage = withParts(function ExamplePage() {
  // The example never changes while the page is open (spec section 7: never stale).
  const request = useQuery({ ...quoteRequestQuery(EXAMPLE_QUOTE_REQUEST_ID), staleTime: Infinity });
  const analysis = useQuery({ ...analysisQuery(EXAMPLE_QUOTE_REQUEST_ID), staleTime: Infinity });
  // The three-quote example: only its quotes are stored, the comparison is the server's.
  const compared = useQuery({ ...quoteRequestQuery(EXAMPLE_COMPARISON_REQUEST_ID), staleTime: Infinity });

  if (request.isPending || analysis.isPending || compared.isPending) {
    // The heading is prerendered into the page's first response (decision 0015);
    // the analysis arrives later, into space held for it so nothing below jumps.
    return (
      <TitledPage heading="Example Quote Analysis" intro="An example analysis, showing what you receive after a licensed loan officer reviews your quote." width="wide">
        <div className="min-h-[80rem]">
          <Spinner label="Loading the example…" />
        </div>
      </TitledPage>
    );
  }

  if (!request.data || !analysis.data) {
    return (
      <TitledPage heading="Example Not Available" intro="We couldn't load the example analysis right now. You can still get your own quote analyzed." width="narrow">
        <ButtonLink to="/check-my-rate" size="lg">
          Get Your Quote Analysis
        </ButtonLink>
      </TitledPage>
    );
  }

  return (
    <TitledPage
      heading="Example Quote Analysis"
      intro={
        <>
          An example analysis, created <time dateTime={request.data.created_at}>{formatDate(request.data.created_at)}</time>, showing
          what you receive after a licensed loan officer reviews your quote.
        </>
      }
      width="wide"
    >

      {/* Buttons are for the screen: on paper they are only boxes. */}
      <div className="mb-8 flex flex-col gap-3 sm:flex-row print:hidden">
        <BackButton />
        <ButtonLink to="/check-my-rate">Get Your Quote Analysis</ButtonLink>
      </div>

      <AnalysisView
        quoteRequest={request.data}
        analysis={analysis.data}
        trackingEnabled={false}
        gradeTitle="Example Quote Grade"
        showUpdateRatesLink={false}
      />

      {compared.data?.comparison && (
        <div className="mt-10">
          <QuotesSideBySide
            comparison={compared.data.comparison}
            whose="example"
            intro={
              <>
                Bring up to four quotes and we compare them on the same loan. Here a buyer putting {formatMoney(compared.data.down_payment ?? 0)}{' '}
                down on a {formatMoney(compared.data.purchase_price ?? 0)} home brought {quoteCount[compared.data.comparison.quotes.length] ?? compared.data.comparison.quotes.length}{' '}
                quotes; this is the comparison they receive, before a loan officer's verdict on each.
              </>
            }
          />
        </div>
      )}

      <TitledSection id="personal-title" title="Your personalized analysis arrives within 24 hours" className="mt-10 rounded-2xl border border-blue-200 bg-blue-50 p-6" headingClassName="text-xl font-bold text-slate-900">
        <ul className="mt-3 space-y-2">
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2 text-slate-800">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              {benefit}
            </li>
          ))}
        </ul>
        <ButtonLink to="/check-my-rate" size="lg" className="mt-6 print:hidden">
          Get Your Quote Analysis
        </ButtonLink>
      </TitledSection>
    </TitledPage>
  );
}, AnalysisView, QuotesSideBySide);
