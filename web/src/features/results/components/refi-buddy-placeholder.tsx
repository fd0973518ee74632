import { MailCheck } from 'lucide-react';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { Disclosure } from '@/components/disclosure';
import { NationalRatesCard } from '@/components/national-rates-card';
import { Page, PageTitle } from '@/components/page';
import { ProgressSteps } from '@/components/progress-steps';
import type { Schema } from '@/lib/api-client';
import { storage } from '@/lib/storage';

type QuoteRequest = Schema<'QuoteRequest'>;

/** Refi Buddy's waiting state: the watch is on; the broker's refinance analysis comes later. */
export function RefiBuddyPlaceholder({ quoteRequest }: { quoteRequest: QuoteRequest }) {
  return (
    <Page>
      <PageTitle
        intro={
          quoteRequest.email
            ? `Refi Buddy watches mortgage rates for you and e-mails ${quoteRequest.email} when refinancing makes sense.`
            : 'Your loan officer has your current mortgage and will look at refinancing it. Leave an email with Refi Buddy to hear when rates fall.'
        }
      >
        You're All Set!
      </PageTitle>
      {quoteRequest.email && (
        <section aria-labelledby="confirm-title" className="mb-8 flex gap-3 rounded-2xl border border-blue-300 bg-blue-50 p-5 text-blue-950">
          <MailCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
          <div>
            <h2 id="confirm-title" className="text-lg font-bold">
              Confirm your e-mail to turn alerts on
            </h2>
            <p>
              We sent a confirmation link to {quoteRequest.email}. Refi Buddy sends no alerts until you open that e-mail and follow
              the link; it works for 7 days. If you already confirmed this address, your alerts are on.
            </p>
          </div>
        </section>
      )}
      <ProgressSteps label="Refi Buddy progress" steps={['Information Submitted', 'Monitoring Rates', 'Refinance Opportunity']} current={1} />
      <NationalRatesCard />
      <Card padding="x5" aria-labelledby="hear-title" className="mt-8">
        <h2 id="hear-title" className="pt-5 text-lg font-bold text-slate-900">
          When will I hear from you?
        </h2>
        <Disclosure summary="What makes you send an alert?">
          <p className="pb-4 text-slate-700">
            We compare your rate with the weekly market average every few hours. When it is at least half a point below your rate
            and the savings would pay back the closing costs within three years, we e-mail you the new payment, the monthly
            savings and when it pays off.
          </p>
        </Disclosure>
        <Disclosure summary="Will you e-mail me every week?">
          <p className="pb-4 text-slate-700">
            No. One e-mail per opportunity: we write again only if rates fall another quarter point or after three quiet months.
            Every e-mail has a one-click link to stop the alerts.
          </p>
        </Disclosure>
      </Card>
      <div className="mt-8">
        {/* A new scenario is a new request: /quote-start must not bring back this one. */}
        <ButtonLink to="/should-i-refinance" variant="secondary" onClick={() => storage.requestId.clear()}>
          Submit Another Scenario
        </ButtonLink>
      </div>
    </Page>
  );
}
