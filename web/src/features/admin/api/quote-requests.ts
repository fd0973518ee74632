// The dashboard's two lists and a request's uploaded file (spec section 7). Every
// call here carries the broker's token (lib/api-client's bearer middleware).
import { queryOptions } from '@tanstack/react-query';
import { answer, api } from '@/lib/api-client';
import { adminKeys } from './keys';

export const getQuoteRequests = (which: 'pending' | 'analyzed') =>
  which === 'pending' ? answer(api.GET('/admin/quote-requests/pending')) : answer(api.GET('/admin/quote-requests/analyzed'));

export const quoteRequestsQuery = (which: 'pending' | 'analyzed') =>
  queryOptions({ queryKey: adminKeys.list(which), queryFn: () => getQuoteRequests(which) });

/** A short-lived link to the visitor's uploaded quote, fetched when the broker asks for it. */
export const getQuoteFileLink = (requestId: string) =>
  answer(api.GET('/admin/quote-requests/{id}/upload', { params: { path: { id: requestId } } }));

/** What the request's uploaded Loan Estimate says, read again by the server (decision 0020). */
export const getLoanEstimateReview = (requestId: string) =>
  answer(api.GET('/admin/quote-requests/{id}/loan-estimate', { params: { path: { id: requestId } } }));

export const loanEstimateReviewQuery = (requestId: string) =>
  queryOptions({ queryKey: adminKeys.loanEstimate(requestId), queryFn: () => getLoanEstimateReview(requestId) });
