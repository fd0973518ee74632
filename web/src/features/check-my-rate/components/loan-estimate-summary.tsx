import { LoanEstimateChecks } from '@/components/loan-estimate-checks';
import { PLEASE_CHECK, type Figure, type Prefill } from '../prefill';

/** The "Please check" mark, in words (not colour alone), on a figure read from a picture. */
export function PleaseCheckMark() {
  return <strong className="mr-1 inline-block rounded bg-amber-100 px-1.5 font-semibold whitespace-nowrap text-amber-950">{PLEASE_CHECK}</strong>;
}

/** Figures read from the file, each with its label, marked "Please check" where check says so. */
function ReadFigures({ figures, className }: { figures: { figure: Figure; label: string; value: string; check: boolean }[]; className: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
      {figures.map(({ figure, label, value, check }) => (
        <div key={figure} className="contents">
          <dt className="text-slate-700">{label}</dt>
          <dd className="font-medium">
            {check && (
              <>
                <PleaseCheckMark />{' '}
              </>
            )}
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Props = {
  prefill: Prefill | null;
  /** The server tried to read the file (a PDF or a picture) and could not. */
  couldNotRead?: boolean;
};

/** What was read from the visitor's Loan Estimate, and plainly what was not. */
export function LoanEstimateSummary({ prefill, couldNotRead = false }: Props) {
  if (!prefill) {
    return (
      <p className="mt-4 text-slate-700">
        {couldNotRead && <strong className="font-semibold text-slate-900">We could not read this file automatically. </strong>}
        Your loan officer will read this file. If you can, also enter your quote below: it helps us grade it faster.
      </p>
    );
  }
  return (
    <div aria-labelledby="read-title" role="region" className="mt-4 rounded-lg bg-blue-50 p-4 text-slate-900">
      <h3 id="read-title" className="font-bold">
        We read your Loan Estimate
      </h3>
      {prefill.fromPicture ? (
        <p className="mt-1">
          We read the figures below from a picture of your file and filled them in. A picture can be misread: compare each figure marked
          “{PLEASE_CHECK}” with your Loan Estimate.
        </p>
      ) : (
        <p className="mt-1">
          We filled in the figures below from your file. Please check them against your Loan Estimate, above all any marked “
          {PLEASE_CHECK}”.
        </p>
      )}
      {prefill.found.length > 0 && (
        <ReadFigures figures={prefill.found} className="mt-3" />
      )}
      {prefill.notFound.length > 0 && (
        <p className="mt-3 font-medium">
          Not found in your file: {prefill.notFound.map(({ label }) => label).join(', ')}. Please enter what's missing yourself.
        </p>
      )}
      {prefill.also.length > 0 && (
        <>
          <h4 className="mt-3 font-semibold">Also on your Loan Estimate</h4>
          <ReadFigures figures={prefill.also.map((read) => ({ ...read, check: prefill.fromPicture }))} className="mt-1 text-sm" />
        </>
      )}
      <LoanEstimateChecks checks={prefill.checks} />
      <p className="mt-3 text-sm text-slate-700">
        Total lender fees are the origination charges (which include any points), plus the lender's own fees in sections B and C except the
        appraisal, less lender credits. We add the appraisal and title fees ourselves.
      </p>
    </div>
  );
}
