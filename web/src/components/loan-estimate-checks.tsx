import type { Schema } from '@/lib/api-client';

type Check = Schema<'LoanEstimateCheck'>;

/**
 * The Loan Estimate's own arithmetic (docs/loan-estimate.md): which figures disagree
 * with each other and why, first, then which agree. Shown to the visitor under what
 * was read and to the broker beside the file, in words, not colour alone.
 */
export function LoanEstimateChecks({ checks, headingLevel = 4 }: { checks: Check[]; headingLevel?: 3 | 4 }) {
  if (checks.length === 0) return null;
  const disagree = checks.filter((c) => !c.agrees);
  const agree = checks.filter((c) => c.agrees);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="mt-3 text-sm" data-testid="loan-estimate-checks">
      <Heading className="font-semibold">Checked against the form's own arithmetic</Heading>
      {disagree.length > 0 ? (
        <>
          <p className="mt-1 font-medium text-amber-950">
            These figures disagree with each other: one of them may have been misread. Please check them against your file.
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {disagree.map((c, i) => (
              <li key={`d${i}`}>
                <strong className="mr-1 inline-block rounded bg-amber-100 px-1.5 font-semibold whitespace-nowrap text-amber-950">Disagree</strong>
                {c.message}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1">Every figure we could compare agrees with the others.</p>
      )}
      {agree.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer">
            {agree.length} {agree.length === 1 ? 'check agrees' : 'checks agree'}
          </summary>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {agree.map((c, i) => (
              <li key={`a${i}`}>
                <strong className="mr-1 font-semibold">Agrees</strong>
                {c.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
