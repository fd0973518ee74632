// How the broker's pages write a visitor's details (issue 25 §5).
import { Fragment, type ReactNode } from 'react';
import type { Schema } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { isRefiBuddyRequest } from '@/lib/results-mode';

type QuoteRequest = Schema<'QuoteRequest'>;

/**
 * A phone number as people write it: (801) 555-0123 for a US number of ten digits (with
 * or without +1), +44 20 7946 0958 as typed for any other; what cannot be read stays as given.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return 'None';
  const digits = phone.replace(/\D/g, '');
  const us = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.length === 10 && !phone.trim().startsWith('+') ? digits : null;
  if (us) return `(${us.slice(0, 3)}) ${us.slice(3, 6)}-${us.slice(6)}`;
  return phone.trim();
}

export type Tool = 'Refi Buddy' | 'Quote review' | 'Shop Rates';

/** Which of the site's tools the request came from: Refi Buddy, a quote to review (Rate My Quote), or Shop Rates. */
export function toolOf(request: Pick<QuoteRequest, 'current_mortgage' | 'email' | 'refi_intent' | 'broker_rate' | 'visitor_quotes' | 'user_uploaded_quote_url'>): Tool {
  if (isRefiBuddyRequest(request)) return 'Refi Buddy';
  if (request.broker_rate != null || request.visitor_quotes.length > 0 || request.user_uploaded_quote_url) return 'Quote review';
  return 'Shop Rates';
}

/** "Purchase" or "Refinance", with a cash-out said. */
export function loanTypeOf(request: Pick<QuoteRequest, 'loan_type' | 'cash_out'>): string {
  if (request.loan_type === 'purchase') return 'Purchase';
  return request.cash_out ? 'Cash-out refinance' : 'Refinance';
}

/** How many times the visitor has opened the analysis, in the dashboard's words: "Once", "3 times". */
export function viewCount(count: number): string {
  return count === 1 ? 'Once' : `${count} times`;
}

/**
 * Whether the visitor has opened the analysis, in one line for the request page (issue 25 §5):
 * "Not yet", "Once, on May 14, 2026 at 9:30 AM", "First on May 14, 2026 at 9:30 AM, 3 times".
 */
export function visitorViewsText(views: QuoteRequest['visitor_views']): string {
  const first = views?.first_viewed_at;
  if (!views || !first) return 'Not yet';
  return views.count === 1 ? `Once, on ${formatDateTime(first)}` : `First on ${formatDateTime(first)}, ${viewCount(views.count).toLowerCase()}`;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)])/g;

/** Plain text with every web address in it made a link (an e-mail as its reader would see it). */
export function withLinks(text: string): ReactNode {
  return text.split(URL_PATTERN).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part} className="break-all text-blue-800 underline" target="_blank" rel="noreferrer">
        {part}
      </a>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}
