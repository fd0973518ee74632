import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/form/field';
import { radioChoiceBox } from '@/components/form/radio-choice';
import { LiveMessage } from '@/components/live-message';
import { groupDigits, plainAmount } from '@/lib/amount-text';
import { moveFocusTo, useAnnounce } from '@/lib/announce';
import { ApiError, serverMessage } from '@/lib/api-client';
import { useSetRefiTrigger, type RefiTrigger } from '../api/refi-manage';
import { TitledSection } from '@/components/titled-section';

type Kind = RefiTrigger['kind'];

// The server's words (internal/refi/manage.go): the browser says the same
// before sending, and shows the server's if it refuses anyway.
export const MSG_SAVINGS = 'Enter the monthly savings, a whole number of dollars from $5 to $10,000';
export const MSG_MONTHS = 'Enter the number of months, a whole number from 1 to 120';

const OPTIONS: { kind: Kind; label: string; hint: string }[] = [
  {
    kind: 'rule',
    label: 'Our standard rule (recommended)',
    hint: 'A market rate at least 0.5 percentage points below yours, with the closing costs earned back within 36 months.',
  },
  { kind: 'savings', label: 'Savings of at least an amount a month', hint: 'You choose the monthly savings that is worth it to you.' },
  { kind: 'break_even', label: 'A break-even within a number of months', hint: 'You choose how soon refinancing must pay for itself.' },
];

type Errors = Partial<Record<'savingsAtLeast' | 'breakEvenWithin', string>>;

/** A whole number from lo to hi, or null. */
function wholeIn(text: string, lo: number, hi: number): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= lo && value <= hi ? value : null;
}

function check(kind: Kind, savings: string, months: string): { trigger?: RefiTrigger; errors: Errors } {
  if (kind === 'savings') {
    // "$1,000" is read as people write it (issue 25 §2).
    const value = wholeIn(plainAmount(savings), 5, 10_000);
    return value === null ? { errors: { savingsAtLeast: MSG_SAVINGS } } : { trigger: { kind, savingsAtLeast: value }, errors: {} };
  }
  if (kind === 'break_even') {
    const value = wholeIn(months, 1, 120);
    return value === null ? { errors: { breakEvenWithin: MSG_MONTHS } } : { trigger: { kind, breakEvenWithin: value }, errors: {} };
  }
  return { trigger: { kind }, errors: {} };
}

/** The sentence that confirms a saved trigger. */
function savedText(t: RefiTrigger): string {
  if (t.kind === 'savings') return `Saved: we'll alert you when refinancing would save at least $${groupDigits(String(t.savingsAtLeast))} a month.`;
  if (t.kind === 'break_even') return `Saved: we'll alert you when refinancing would pay for itself within ${t.breakEvenWithin} months.`;
  return "Saved: we'll alert you by our standard rule.";
}

export function TriggerForm({ token, trigger }: { token: string; trigger: RefiTrigger }) {
  const [kind, setKind] = useState<Kind>(trigger.kind);
  const [savings, setSavings] = useState(groupDigits(trigger.savingsAtLeast?.toString() ?? ''));
  const [months, setMonths] = useState(trigger.breakEvenWithin?.toString() ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const save = useSetRefiTrigger(token);
  const refused = save.error instanceof ApiError ? save.error : null;
  const shown: Errors = { ...(refused?.fields as Errors | undefined), ...errors };
  const fieldRefused = Boolean(refused?.fields?.savingsAtLeast || refused?.fields?.breakEvenWithin);

  // After each Save, focus goes to what it came to (decision 0012): the wrong field (its message is
  // its description), the refusal, or the saved trigger, which is said.
  const announce = useAnnounce();
  const [outcome, setOutcome] = useState<{ to: 'field' | 'failure' } | { saved: string } | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!outcome) return;
    if ('saved' in outcome) {
      moveFocusTo(savedRef.current);
      announce(outcome.saved);
    } else moveFocusTo(outcome.to === 'field' ? fieldRef.current : failureRef.current);
  }, [outcome, announce]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { trigger: next, errors: found } = check(kind, savings, months);
    setErrors(found);
    if (!next) {
      setOutcome({ to: 'field' });
      return;
    }
    save.mutate(next, {
      onSuccess: (watch) => setOutcome({ saved: savedText(watch.trigger) }),
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.fields as Errors) : {};
        setOutcome({ to: fields.savingsAtLeast || fields.breakEvenWithin ? 'field' : 'failure' });
      },
    });
  };

  return (
    <TitledSection id="trigger-heading" title="What should trigger an alert" headingClassName="mb-3 text-xl font-semibold text-slate-900">
      <form noValidate onSubmit={submit} className="space-y-4">
        <fieldset>
          <legend className="mb-2 font-medium text-slate-900">Alert me when refinancing meets</legend>
          <div className="space-y-2">
            {OPTIONS.map((option) => (
              <label key={option.kind} className={`${radioChoiceBox} items-start gap-3`}>
                <input
                  type="radio"
                  name="trigger"
                  value={option.kind}
                  checked={kind === option.kind}
                  onChange={() => {
                    setKind(option.kind);
                    setErrors({});
                    setOutcome(null);
                    save.reset();
                  }}
                  className="mt-1 size-4 accent-blue-700"
                />
                <span>
                  <span className="block font-medium text-slate-900">{option.label}</span>
                  <span className="block text-sm text-slate-700">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {kind === 'savings' && (
          <TextField
            label="Monthly savings of at least"
            prefix="$"
            inputMode="numeric"
            ref={fieldRef}
            value={savings}
            onChange={(e) => setSavings(e.target.value)}
            onBlur={() => setSavings((typed) => groupDigits(plainAmount(typed)))}
            error={shown.savingsAtLeast}
            hint="Whole dollars, from $5 to $10,000."
          />
        )}
        {kind === 'break_even' && (
          <TextField
            label="Break-even within (months)"
            inputMode="numeric"
            ref={fieldRef}
            value={months}
            onChange={(e) => setMonths(e.target.value)}
            error={shown.breakEvenWithin}
            hint="Whole months, from 1 to 120."
          />
        )}
        <LiveMessage ref={failureRef} tone="error" className="text-sm font-medium text-red-700">
          {save.isError && !fieldRefused && (serverMessage(save.error) ?? 'We could not save your trigger. Please try again.')}
        </LiveMessage>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save trigger'}
        </Button>
        {save.isSuccess && (
          // A saving the homeowner chose, not a payment (12 CFR 1026.24(d) marks, e2e compliance.spec).
          <p ref={savedRef} className="font-medium text-green-800" data-payment="none">
            {savedText(save.data.trigger)}
          </p>
        )}
      </form>
    </TitledSection>
  );
}
