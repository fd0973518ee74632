import type { Prefill } from '../prefill';

/** What was read from the visitor's Loan Estimate, and plainly what was not. */
export function LoanEstimateSummary({ prefill }: { prefill: Prefill | null }) {
  if (!prefill) {
    return (
      <p className="mt-4 text-slate-700">
        Your loan officer will read this file. If you can, also enter your quote below: it helps us grade it faster.
      </p>
    );
  }
  return (
    <div aria-labelledby="read-title" role="region" className="mt-4 rounded-lg bg-blue-50 p-4 text-slate-900">
      <h3 id="read-title" className="font-bold">
        We read your Loan Estimate
      </h3>
      <p className="mt-1">We filled in the figures below from your file. Please check them against your Loan Estimate.</p>
      {prefill.found.length > 0 && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {prefill.found.map(({ figure, label, value }) => (
            <div key={figure} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {prefill.notFound.length > 0 && (
        <p className="mt-3 font-medium">
          Not found in your file: {prefill.notFound.map(({ label }) => label).join(', ')}. Please enter what's missing yourself.
        </p>
      )}
      {prefill.also.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold">Also on your Loan Estimate</h4>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {prefill.also.map(({ figure, label, value }) => (
              <div key={figure} className="contents">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <p className="mt-3 text-sm text-slate-700">
        Total lender fees are the origination charges (which include any points), plus the lender's own fees in section B except the
        appraisal, less lender credits. We add the appraisal and title fees ourselves.
      </p>
    </div>
  );
}
