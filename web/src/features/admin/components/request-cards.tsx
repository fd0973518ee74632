import { useMutation } from '@tanstack/react-query';
import { Download, ExternalLink } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button, linkStyles } from '@/components/button';
import type { Schema } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney, formatRate } from '@/lib/format';
import { lenderFeesDisplay, mortgageInsuranceText } from '@/lib/quote-display';
import { getQuoteFileLink } from '../api/quote-requests';
import { TitledCard } from '@/components/card';
import { Facts } from './facts';
import { formatPhone, visitorViewsText } from '../broker-display';

type QuoteRequest = Schema<'QuoteRequest'>;
type QuoteFile = Schema<'QuoteFileLink'>['files'][number];

const propertyTypes: Record<QuoteRequest['property_type'], string> = {
  primary: 'Primary residence',
  second: 'Second home',
  investment: 'Investment property',
};

const propertyStyles: Record<QuoteRequest['property_style'], string> = {
  single: 'Single-family home',
  townhouse: 'Townhouse',
  duplex: 'Duplex',
  condo: 'Condo',
  manufactured: 'Manufactured home',
};

const money = (amount: number | null) => (amount == null ? 'None' : formatMoney(amount));
const yesNo = (value: boolean | null) => (value == null ? 'None' : value ? 'Yes' : 'No');

/** Spec section 2: the request card, by loan type. */
export function RequestCard({ request }: { request: QuoteRequest }) {
  const byLoanType: [string, string][] =
    request.loan_type === 'purchase'
      ? [
          ['Purchase price', money(request.purchase_price)],
          ['Down payment', money(request.down_payment)],
          ['First home', yesNo(request.is_first_home)],
        ]
      : [
          ['Property value', money(request.property_value)],
          ['Remaining balance', money(request.remaining_balance)],
          ['Cash out', yesNo(request.cash_out)],
          ...(request.cash_out ? ([['Cash-out amount', money(request.cash_out_amount)]] as [string, string][]) : []),
        ];
  const current = request.current_mortgage;
  return (
    <TitledCard id="request-card-title" title="Quote Request">
      <Facts
        items={[
          ['Loan type', request.loan_type === 'purchase' ? 'Purchase' : 'Refinance'],
          ...byLoanType,
          ['Credit score', String(request.credit_score)],
          ['Zip code', request.zip_code],
          ['Property type', propertyTypes[request.property_type]],
          ['Property style', propertyStyles[request.property_style]],
          ['Military service', yesNo(request.military_service)],
          ['Broker rate', request.broker_rate == null ? 'None' : formatRate(request.broker_rate)],
          ['Broker lender fees', lenderFeesDisplay(request.broker_lender_fees).text],
          ['Broker mortgage insurance', request.broker_rate == null ? 'None' : mortgageInsuranceText(request.broker_mortgage_insurance, request)],
          ...(current
            ? ([
                ['Current mortgage', `${formatRate(current.rate)}, ${formatMoney(current.monthly_payment)} a month`],
              ] as [string, string][])
            : []),
          ['Created', formatDate(request.created_at)],
          // Once there is an analysis: whether the visitor has opened it, as the dashboard says (issue 25 §5).
          ...(request.analyzed
            ? ([
                [
                  'Viewed by the visitor',
                  <>
                    {visitorViewsText(request.visitor_views)}
                    <span className="block text-xs font-normal text-slate-700">Your own views while signed in are not counted.</span>
                  </>,
                ],
              ] as [string, ReactNode][])
            : []),
          ['Request ID', <code key="id">{request.id}</code>],
        ]}
      />
      {request.questions.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Questions for an expert</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {request.questions.map((question, index) => (
              <li key={index}>{question}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <a href={`/rate-results/?qr=${encodeURIComponent(request.id)}`} target="_blank" rel="noopener" className={`${linkStyles} inline-flex items-center gap-1`}>
          Open results page
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        {request.user_uploaded_quote_url && <UploadDownload requestId={request.id} />}
      </div>
    </TitledCard>
  );
}

/**
 * The visitor's uploaded quote: a short-lived link is fetched when the broker asks for it.
 * A Loan Estimate sent as pictures, one a page, has a link to each picture.
 */
function UploadDownload({ requestId }: { requestId: string }) {
  const [pictures, setPictures] = useState<QuoteFile[] | null>(null);
  const download = useMutation({
    mutationFn: () => getQuoteFileLink(requestId),
    onSuccess: ({ url, files }) => {
      if (files.length > 1) setPictures(files);
      else window.location.assign(url);
    },
  });
  return (
    <div>
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        <Download aria-hidden="true" className="size-4" />
        Download uploaded quote
      </Button>
      {pictures && (
        <ul aria-label="Pictures of the Loan Estimate's pages" className="mt-2 space-y-1">
          {pictures.map((picture) => (
            <li key={picture.url}>
              <a href={picture.url} className={linkStyles}>
                Download {picture.fileName}
              </a>
            </li>
          ))}
        </ul>
      )}
      {download.isError && (
        <p role="alert" className="mt-1 text-sm font-medium text-red-700">
          {download.error.message}
        </p>
      )}
    </div>
  );
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** What the visitor agreed to before a text or a call (TCPA, issue 26): the words, when, from where. */
function consentFact(consent: QuoteRequest['contact_consent']): string {
  if (!consent) return 'None (no calls or texts)';
  return `Given ${formatDateTime(consent.at)} from ${consent.address}: “${consent.text}”`;
}

/** Spec section 2: e-mail, phone and preferred method, each 'None' when empty; and the consent to calls and texts. */
export function ContactCard({ request }: { request: QuoteRequest }) {
  return (
    <TitledCard id="contact-card-title" title="Contact">
      <Facts
        items={[
          ['Email', request.email || 'None'],
          ['Phone', formatPhone(request.phone)],
          ['Preferred contact method', request.preferred_contact_method ? capitalise(request.preferred_contact_method) : 'None'],
          ['Consent to calls and texts', consentFact(request.contact_consent)],
        ]}
      />
    </TitledCard>
  );
}
