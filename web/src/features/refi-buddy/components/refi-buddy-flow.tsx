import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { BackButton } from '@/components/back-button';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextField } from '@/components/form/field';
import { MortgageDetailsForm } from '@/components/mortgage-details-form';
import { useAnnounceWhenChanged, useFocusOnChange } from '@/lib/announce';
import type { CurrentMortgage } from '@/lib/current-mortgage';
import type { Schema } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { staleNote } from '@/lib/market';
import { emailSchema } from '@/lib/form';
import { storage, type RefiBuddyData } from '@/lib/storage';
import { useNationalRates } from '../api/national-rates';
import { goodTimeToRefinance, marketRates, marketVerdictFor } from '../rule';

type Mortgage = CurrentMortgage;
type NationalRate = Schema<'NationalRate'>;

/**
 * Refi Buddy's steps: the mortgage today (mortgage_details), then how it compares
 * with the market (rate_comparison). Loads after the page (lazyPart, decision 0026).
 */
export function RefiBuddyFlow() {
  const saved = storage.refiBuddy.get();
  const [mortgage, setMortgage] = useState<Mortgage | null>(null);
  // What the visitor typed, so that Back from rate_comparison shows it again.
  const [draft, setDraft] = useState<{ mortgage: RefiBuddyData['currentMortgage'] | undefined; email: string }>({
    mortgage: saved?.currentMortgage,
    email: saved?.email ?? '',
  });
  const check = (entered: Mortgage) => {
    setDraft((current) => ({ ...current, mortgage: entered }));
    setMortgage(entered);
  };
  // 'Check Rates' replaces the form with the comparison, 'Back' brings the form back: focus follows.
  const shownTitle = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(mortgage !== null, shownTitle);
  return mortgage ? (
    <RateComparison
      titleRef={shownTitle}
      mortgage={mortgage}
      savedEmail={draft.email}
      onBack={(email) => {
        setDraft((current) => ({ ...current, email }));
        setMortgage(null);
      }}
    />
  ) : (
    <MortgageDetails titleRef={shownTitle} saved={draft.mortgage} onSubmit={check} />
  );
}

type MortgageDetailsProps = {
  titleRef: RefObject<HTMLHeadingElement | null>;
  saved: RefiBuddyData['currentMortgage'] | undefined;
  onSubmit: (m: Mortgage) => void;
};

function MortgageDetails({ titleRef, saved, onSubmit }: MortgageDetailsProps) {
  const heading = (
    <h2 ref={titleRef} id="details-title" className="text-lg font-bold text-slate-900">
      Your current mortgage
    </h2>
  );
  return <MortgageDetailsForm saved={saved} onSubmit={onSubmit} submitLabel="Check Rates" card={{ heading, labelledBy: 'details-title' }} />;
}

type RateComparisonProps = {
  titleRef: RefObject<HTMLHeadingElement | null>;
  mortgage: Mortgage;
  savedEmail: string;
  onBack: (email: string) => void;
};

function RateComparison({ titleRef, mortgage, savedEmail, onBack }: RateComparisonProps) {
  const navigate = useNavigate();
  const rates = useNationalRates();
  const judged = marketVerdictFor(mortgage.loanProgram, rates.data?.rates);
  // Only a current figure of the loan's own series is compared with (issue 25).
  const market = judged?.judged ? judged.rate : null;
  const { rate30, rate15 } = marketRates(rates.data?.rates);
  // The verdict may arrive after the comparison is shown (today's rates load): announced when it does.
  const said =
    market !== null
      ? verdict(goodTimeToRefinance(mortgage.rate, market), mortgage.rate, market)
      : judged && !judged.judged
        ? `${judged.reason} ${KEEP_WATCHING}`
        : rates.isError
          ? RATES_UNAVAILABLE
          : null;
  useAnnounceWhenChanged(said);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(emailSchema), defaultValues: { email: savedEmail }, mode: 'onSubmit', reValidateMode: 'onChange' });

  const continueWith = (intent: RefiBuddyData['intent']) =>
    handleSubmit(({ email }) => {
      storage.refiBuddy.set({ currentMortgage: mortgage, nationalAverageRate: market, intent, email, timestamp: Date.now() });
      navigate('/loan-information');
    });

  return (
    <section aria-labelledby="comparison-title" className="space-y-6">
      {/* Visible: 'Check Rates' sends focus here, and focus must be seen (issue 25 §4). */}
      <h2 ref={titleRef} id="comparison-title" className="text-lg font-bold text-slate-900">
        How your rate compares
      </h2>
      {market !== null && <Banner good={goodTimeToRefinance(mortgage.rate, market)} yourRate={mortgage.rate} market={market} />}
      {judged && !judged.judged && <NotJudgedBanner reason={judged.reason} />}
      {rates.isError && <p className="text-slate-700">{RATES_UNAVAILABLE}</p>}
      {(rate30 || rate15) && (
        <Card as="dl" className="grid grid-cols-2 gap-4">
          {rate30 && <Rate label="30-year fixed average" line={rate30} />}
          {rate15 && <Rate label="15-year fixed average" line={rate15} />}
        </Card>
      )}
      <Card as="form" padding={6} noValidate onSubmit={continueWith('get_notified')} className="space-y-4">
        <TextField label="Email for rate alerts" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" size="lg" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Continue to Loan Scenario'}
          </Button>
          <Button variant="secondary" size="lg" disabled={isSubmitting} onClick={continueWith('refinance_now')}>
            {isSubmitting ? 'Submitting...' : 'Check Rates Now'}
          </Button>
        </div>
      </Card>
      <BackButton onBack={() => onBack(getValues('email'))} />
    </section>
  );
}

const RATES_UNAVAILABLE = "Today's market rates could not be loaded; Refi Buddy will still watch them for you.";
const GOOD_TIME = 'Now may be a good time to refinance!';
const NOT_NOW = 'Now may not be the best time to refinance';
const KEEP_WATCHING = "We'll keep watching and e-mail you when that changes.";

// Neither rate is an offer's: the homeowner's is their note rate, the market's a survey average (12 CFR 1026.24, issue 26).
function comparisonText(yourRate: number, market: number): string {
  return `Your rate is ${yourRate.toFixed(3)}% (the note rate you gave, not an APR); the market average for your loan is ${market.toFixed(2)}% (a weekly average interest rate, not an APR, not an offer).`;
}

/** The banner's words, as one announcement. */
function verdict(good: boolean, yourRate: number, market: number): string {
  const text = comparisonText(yourRate, market);
  return good ? `${GOOD_TIME} ${text}` : `${NOT_NOW}. ${text} ${KEEP_WATCHING}`;
}

// Announced through the page's live region (useAnnounceWhenChanged), not its own: it is inserted with its text.
function Banner({ good, yourRate, market }: { good: boolean; yourRate: number; market: number }) {
  const text = comparisonText(yourRate, market);
  return good ? (
    <div className="flex gap-3 rounded-2xl border border-green-300 bg-green-50 p-5 text-green-900">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div>
        <p className="text-lg font-bold">{GOOD_TIME}</p>
        <p data-rate-pair="" data-rate="inline">
          {text}
        </p>
      </div>
    </div>
  ) : (
    <div className="flex gap-3 rounded-2xl border border-yellow-300 bg-yellow-50 p-5 text-yellow-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div>
        <p className="text-lg font-bold">{NOT_NOW}</p>
        <p data-rate-pair="" data-rate="inline">
          {text} {KEEP_WATCHING}
        </p>
      </div>
    </div>
  );
}

function Rate({ label, line }: { label: string; line: NationalRate }) {
  return (
    <div data-rate-pair="" data-rate="average">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{line.rate.toFixed(2)}%</dd>
      <dd className="text-xs text-slate-600">
        Freddie Mac weekly average, week of {formatDate(`${line.date}T12:00:00Z`)}: an average interest rate, not an APR, not an offer
      </dd>
      {line.stale && <dd className="text-xs font-medium text-amber-800">{staleNote(line)}</dd>}
    </div>
  );
}

// Not a verdict: the figure the comparison would need is stale or missing (issue 25).
function NotJudgedBanner({ reason }: { reason: string }) {
  return (
    <div className="flex gap-3 rounded-2xl border border-slate-300 bg-slate-50 p-5 text-slate-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div>
        <p className="text-lg font-bold">Could not be judged on current rates</p>
        <p>
          {reason} {KEEP_WATCHING}
        </p>
      </div>
    </div>
  );
}
