import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import { storage, type LoanInfo, type RefiBuddyData } from '@/lib/storage';
import { useSubmitQuoteRequest } from '../api/submit-quote-request';
import { buildSubmission, FIELD_STEPS } from '../submission';
import { firstUnansweredStep, nextStep, previousStep, questionCount, visibleStepIds, type StepId, type WizardContext } from '../steps';
import { Review } from './review';
import { STEP_TITLE_ID } from './step-frame';
import { WizardStep } from './wizard-step';

type Position = StepId | 'review';

function loadContext(): WizardContext {
  return { answers: storage.loanInfo.get() ?? {}, refi: storage.refiBuddy.get() };
}

/** The wizard's questions, review and submission: loads after the page (lazyPart, decision 0026). */
export function LoanWizard() {
  const navigate = useNavigate();
  const [ctx, setCtx] = useState<WizardContext>(loadContext);
  const [position, setPosition] = useState<Position>(() => startingPosition(ctx));
  // Editing from the review page: after the answer, return to the review.
  const [editing, setEditing] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<StepId, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitQuoteRequest();
  useFocusStepTitle(position);

  const goTo = (next: Position) => setPosition(next);

  /** Save an answer and move on: to the next question, or back to the review when editing. */
  const answer = (patch: { answers?: Partial<LoanInfo>; refi?: Partial<RefiBuddyData> }) => {
    const next: WizardContext = {
      answers: { ...ctx.answers, ...patch.answers },
      refi: patch.refi ? { ...ctx.refi, ...patch.refi } : ctx.refi,
    };
    storage.loanInfo.set(next.answers);
    if (patch.refi && next.refi) storage.refiBuddy.set(next.refi);
    setCtx(next);
    if (position === 'review') return;
    const missing = firstUnansweredStep(next);
    if (editing) {
      // A changed answer can open new questions (refinance instead of purchase, cash out): ask those first.
      if (missing) goTo(missing);
      else {
        setEditing(false);
        goTo('review');
      }
      return;
    }
    goTo(nextStep(next, position) ?? missing ?? 'review');
  };

  const back = () => {
    if (editing || position === 'review') {
      setEditing(false);
      if (position !== 'review') return goTo('review');
      const ids = visibleStepIds(ctx);
      return goTo(ids[ids.length - 1]);
    }
    const previous = previousStep(ctx, position);
    if (previous) return goTo(previous);
    // Leaving the first question: back to where the visitor came from.
    const hasQuote = storage.quoteDetails.get() || storage.uploadedQuote.get();
    navigate(ctx.refi?.intent ? '/should-i-refinance' : hasQuote ? '/check-my-rate' : '/quote-start');
  };

  const edit = (step: StepId) => {
    setEditing(true);
    goTo(step);
  };

  const onSubmit = async () => {
    const missing = firstUnansweredStep(ctx);
    if (missing) return goTo(missing);
    setServerErrors({});
    setFormError(null);
    try {
      const payload = buildSubmission(ctx, {
        quoteDetails: storage.quoteDetails.get(),
        questions: storage.questions.get(),
        uploadedQuote: storage.uploadedQuote.get(),
        moreQuotes: storage.moreQuotes.get(),
        comparing: storage.comparing.get(),
      });
      const { id } = await submit.mutateAsync(payload);
      storage.loanInfo.clear();
      storage.quoteDetails.clear();
      storage.questions.clear();
      storage.uploadedQuote.clear();
      storage.moreQuotes.clear();
      storage.comparing.clear();
      storage.refiBuddy.clear();
      storage.requestId.set(id);
      navigate(`/rate-results?qr=${encodeURIComponent(id)}`);
    } catch (error) {
      showSubmitError(error);
    }
  };

  const showSubmitError = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      setFormError("We couldn't send your answers. Please check your connection and try again.");
      toast.error('Submission failed. Please try again.');
      return;
    }
    // A file the server no longer has (removed after a day, refused) must be uploaded again.
    if (error.fields.uploadedFileUrl || error.fields['quotes[0].uploadedFileUrl']) storage.uploadedQuote.clear();
    const perStep: Partial<Record<StepId, string>> = {};
    const unplaced: string[] = [];
    for (const [field, message] of Object.entries(error.fields)) {
      const step = FIELD_STEPS[field];
      if (step) perStep[step] ??= message;
      else unplaced.push(message);
    }
    setServerErrors(perStep);
    setFormError([error.message, ...unplaced].join(' '));
  };

  const ids = visibleStepIds(ctx);
  const count = questionCount(ctx);
  const stepNumber = position === 'review' ? count.total : ids.indexOf(position) + 1;

  return (
    <>
      <div className="mb-6">
        <p className="text-sm font-medium text-slate-700">
          {position === 'review' ? 'Review' : `Question ${stepNumber} of ${count.exact ? '' : 'about '}${count.total}`}
        </p>
        <div aria-hidden="true" className="mt-2 h-2 rounded-full bg-slate-200">
          <div className="h-2 rounded-full bg-blue-700 transition-all" style={{ width: `${(stepNumber / count.total) * 100}%` }} />
        </div>
      </div>

      {position === 'review' ? (
        <Review
          ctx={ctx}
          errors={serverErrors}
          formError={formError}
          submitting={submit.isPending}
          onEdit={edit}
          onSubmit={onSubmit}
        />
      ) : (
        <WizardStep key={position} step={position} ctx={ctx} onAnswer={answer} />
      )}

      <div className="mt-6">
        <Button variant="secondary" onClick={back}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {editing ? 'Back to review' : 'Back'}
        </Button>
      </div>
    </>
  );
}

/**
 * A visitor with saved answers resumes at the first unanswered question (or the review);
 * a fresh start begins at the first question, even one Refi Buddy already prefilled.
 */
function startingPosition(ctx: WizardContext): Position {
  if (Object.keys(ctx.answers).length === 0) return visibleStepIds(ctx)[0];
  return firstUnansweredStep(ctx) ?? 'review';
}

/** Move focus to the new question so keyboard and screen-reader users land on it. */
function useFocusStepTitle(position: Position) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(STEP_TITLE_ID)?.focus();
  }, [position]);
}
