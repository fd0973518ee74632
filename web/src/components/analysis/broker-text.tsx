import { BROKER_PAYMENT_NOTE, BROKER_RATE_NOTE, statesPayment, unexplainedRates } from '@/lib/quote-display';

/**
 * A loan officer's words as they wrote them. A rate they name without its APR is an interest rate, and the note
 * beside it says so and where each quote's APR is (12 CFR 1026.24; docs/compliance.md). Place it inside an element
 * marked with BROKER_WORDS. An amount a month they name is one of the quotes' payments, and a note says where each
 * quote's APR, number of payments and down payment are (12 CFR 1026.24(d)).
 */
export function BrokerText({ text }: { text: string }) {
  return (
    <>
      {text}
      {unexplainedRates(text).length > 0 && <span className="mt-1 block text-sm text-slate-700">{BROKER_RATE_NOTE}</span>}
      {statesPayment(text) && <span className="mt-1 block text-sm text-slate-700">{BROKER_PAYMENT_NOTE}</span>}
    </>
  );
}
