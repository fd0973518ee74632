import type { Schema } from '@/lib/api-client';

type QuoteRequest = Schema<'QuoteRequest'>;

/**
 * Spec section 2: the three modes of the Refi Buddy results. REFINANCE_ESTIMATE is
 * never shown: the Refi Buddy view needs a current mortgage (docs/refi-alerts.md).
 */
export type RefiResultsMode = 'QUOTE_GRADING' | 'REFINANCE_ANALYSIS' | 'REFINANCE_ESTIMATE';

/** A broker rate means a quote to grade; else a current mortgage to refinance; else estimates only. */
export function refiResultsMode(request: Pick<QuoteRequest, 'broker_rate' | 'current_mortgage'>): RefiResultsMode {
  if (request.broker_rate != null) return 'QUOTE_GRADING';
  if (request.current_mortgage != null) return 'REFINANCE_ANALYSIS';
  return 'REFINANCE_ESTIMATE';
}

/**
 * Refi Buddy requests carry a current mortgage rate and an email (spec section 2),
 * or a Refi Buddy intent: a visitor who skipped the wizard's e-mail prompt still
 * came from Refi Buddy and gets its view (issue 14, defect 6).
 */
export function isRefiBuddyRequest(request: Pick<QuoteRequest, 'current_mortgage' | 'email' | 'refi_intent'>): boolean {
  if (request.current_mortgage?.rate == null) return false;
  return Boolean(request.email) || request.refi_intent != null;
}
