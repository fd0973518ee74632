import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page, TitledPage } from '@/components/page';
import { RefiLoans } from '@/components/refi-loans';
import { Spinner } from '@/components/spinner';
import { useFocusOnChange } from '@/lib/announce';
import { serverMessage, type Schema } from '@/lib/api-client';
import { LOAN_PROGRAMS } from '@/lib/constants';
import { formatDate, formatMoney, formatRate } from '@/lib/format';
import { pageHeading } from '@/lib/page-heading';
import { SiteTitle } from '@/lib/site';
import { useRefiManage, type RefiManage } from '../api/refi-manage';
import { DeleteMyData } from './delete-my-data';
import { TriggerForm } from './trigger-form';
import { WatchControls } from './watch-controls';
import { TitledSection } from '@/components/titled-section';

type LoanProgram = Schema<'LoanProgram'>;

const TITLE = 'Manage your Refi Buddy alerts';

// What each state of the watch means for the homeowner (api RefiManage.status).
const STATUS_TEXT: Record<RefiManage['status'], string> = {
  watching: "Alerts are on. We'll e-mail you when your trigger is met.",
  paused: 'Alerts are paused. Nothing is sent until you resume them.',
  awaiting_confirmation:
    'Alerts start once you confirm your address: use the link in the confirmation e-mail we sent you. You can choose your trigger now.',
  unsubscribed: "You're unsubscribed: we won't e-mail you about refinancing.",
  lapsed: 'This watch lapsed because its address was not confirmed within 7 days.',
};

// Every Refi Buddy e-mail (confirmation and alert) links here with a secret
// token: the homeowner sees the mortgage being watched and today's comparison,
// chooses what triggers an alert, and pauses, resumes or unsubscribes.
export function ManagePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [deleted, setDeleted] = useState(false);
  const watch = useRefiManage(deleted ? '' : token);

  if (deleted) {
    return (
      <TitledPage heading="Your data was deleted" title={TITLE} intro="Your mortgage details, your address and your alerts are gone. We won't e-mail you about refinancing." width="narrow">
        <Link to="/should-i-refinance" className="font-semibold text-blue-800 underline">
          Go to Refi Buddy
        </Link>
      </TitledPage>
    );
  }
  if (!token || watch.isError) {
    return (
      <TitledPage heading="This link doesn't work" title={TITLE} width="narrow">
        <p role="alert" className="mb-6 rounded-lg bg-red-50 p-3 font-medium text-red-800">
          {token
            ? (serverMessage(watch.error) ?? 'We could not load your Refi Buddy alerts. Please try again in a moment.')
            : 'This link is missing its code. Please use the link from your e-mail.'}
        </p>
        <Link to="/should-i-refinance" className="font-semibold text-blue-800 underline">
          Go to Refi Buddy
        </Link>
      </TitledPage>
    );
  }
  if (!watch.data) {
    return (
      <Page width="narrow">
        <SiteTitle page={TITLE} />
        <Spinner label="Loading your Refi Buddy alerts…" />
      </Page>
    );
  }
  return <Manage token={token} watch={watch.data} onDeleted={() => setDeleted(true)} />;
}

function Manage({ token, watch, onDeleted }: { token: string; watch: RefiManage; onDeleted: () => void }) {
  const changeable = watch.status !== 'unsubscribed' && watch.status !== 'lapsed';
  // Unsubscribing takes the controls away: focus goes to the heading, whose intro says the new state.
  useFocusOnChange(changeable, pageHeading, changeable ? null : STATUS_TEXT[watch.status]);
  return (
    <TitledPage heading="Your Refi Buddy alerts" title={TITLE} intro={STATUS_TEXT[watch.status]} width="narrow">
      {!changeable && (
        <p className="-mt-4 mb-8">
          <Link to="/should-i-refinance" className="font-semibold text-blue-800 underline">
            Sign up again on Refi Buddy
          </Link>
        </p>
      )}
      <div className="space-y-10">
        <MortgageWatched watch={watch} />
        <Comparison watch={watch} />
        {changeable && <TriggerForm token={token} trigger={watch.trigger} />}
        {changeable && <WatchControls token={token} paused={watch.paused} />}
        <DeleteMyData token={token} onDeleted={onDeleted} />
      </div>
    </TitledPage>
  );
}

/**
 * A rate's kind for the advertising check (12 CFR 1026.24, e2e compliance.spec): the homeowner's own loan ("own"), or
 * a market average, said to be one ("average").
 */
type RateKind = 'own' | 'average';

/** payment "own": the homeowner's own payment, not one advertised (12 CFR 1026.24(d) marks, e2e compliance.spec). */
type Row = [label: string, value: string, rate?: RateKind, note?: string, payment?: 'own'];

function Figures({ rows }: { rows: Row[] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {rows.map(([label, value, rate, note, payment]) => (
        <div key={label} className="flex justify-between gap-4 px-4 py-3" data-rate-pair={rate ? '' : undefined} data-rate={rate} data-payment={payment}>
          <dt className="text-slate-700">{label}</dt>
          <dd className="text-right font-semibold text-slate-900">
            {value}
            {note && <span className="block text-sm font-normal text-slate-700">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function MortgageWatched({ watch }: { watch: RefiManage }) {
  const { mortgage } = watch;
  const program = LOAN_PROGRAMS.find((p) => p.value === mortgage.loanProgram)?.label ?? 'Not given';
  return (
    <TitledSection id="watched-heading" title="The mortgage we watch" headingClassName="mb-3 text-xl font-semibold text-slate-900">
      <Figures
        rows={[
          // The homeowner's own loan as they gave it: not a rate offered.
          ['Interest rate', formatRate(mortgage.rate), 'own'],
          ['Monthly payment (principal and interest)', formatMoney(mortgage.monthlyPayment), undefined, undefined, 'own'],
          ['Balance', formatMoney(mortgage.balance)],
          ['Loan program', program],
        ]}
      />
    </TitledSection>
  );
}

function Comparison({ watch }: { watch: RefiManage }) {
  const c = watch.comparison;
  const breakEven = c.breakEvenMonths === null ? 'No savings at this rate' : `${c.breakEvenMonths} months`;
  const week = formatDate(`${c.marketWeek}T12:00:00Z`);
  return (
    // The new payment comes with the new loan's terms, no down payment and APR below it (RefiLoans), in this section.
    <TitledSection id="comparison-heading" title="Today's comparison" data-payment-terms headingClassName="mb-1 text-xl font-semibold text-slate-900">
      <p className="mb-3 text-slate-700">
        Refinancing your balance at the market rate for the week of {week} ({c.marketLabel},{' '}
        {c.marketSource}). These are estimates from public market averages, not a quote.
      </p>
      {c.notJudged !== null && (
        <p role="note" className="mb-3 rounded-xl border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
          {c.notJudged}
        </p>
      )}
      <Figures
        rows={[
          // A survey average, labelled as one (Regulation Z 1026.24; issue 26).
          ['Market rate', formatRate(c.newRate), 'average', `${c.marketLabel}, week of ${week}: an average interest rate, not an APR, not an offer`],
          // No new loan is priced without a market average (a 5/1 ARM): no payment to state, rather than "$0".
          ['New monthly payment', c.newPayment > 0 ? formatMoney(c.newPayment) : 'Not estimated'],
          ['Estimated monthly savings', formatMoney(Math.max(0, c.monthlySavings))],
          ['Estimated closing costs', formatMoney(c.closingCosts)],
          ['Break-even', breakEven],
        ]}
      />
      {/* The payments above bring both loans' rate, APR and term with them, as the alert gives them (refi.Loans; 12 CFR 1026.24(d)). */}
      {c.newPayment > 0 && (
        <RefiLoans
          current={{ rate: watch.mortgage.rate, payment: watch.mortgage.monthlyPayment, monthsLeft: c.currentMonthsLeft, program: watch.mortgage.loanProgram as LoanProgram | null }}
          next={{ lead: 'The new loan in this estimate', rate: c.newRate, apr: c.newApr, program: c.newProgram, termMonths: c.newTermMonths, payment: c.newPayment }}
          nextNote={`The rate is the weekly market average above; the APR is estimated for it, counting the estimated closing costs of ${formatMoney(c.closingCosts)} as finance charges.`}
        />
      )}
      {c.judged && (
        <p className="mt-3 font-medium text-slate-900">
          {c.triggerFires ? 'By these figures, your trigger is met today.' : 'By these figures, your trigger is not met today.'}
        </p>
      )}
    </TitledSection>
  );
}
