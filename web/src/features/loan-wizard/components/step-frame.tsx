import { useState, type ReactNode } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { Card } from '@/components/card';
import { LiveMessage } from '@/components/live-message';

export const STEP_TITLE_ID = 'wizard-step-title';
export const STEP_DESCRIPTION_ID = 'wizard-step-description';

type StepFrameProps = {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** The step form's errors, repeated in an announced summary. */
  errors?: FieldErrors;
  /** How many times the step's form was sent: the summary is written on each send, not on each keystroke. */
  submitCount?: number;
  children: ReactNode;
};

/** One question of the wizard; its title gets focus when the step changes. */
export function StepFrame({ eyebrow, title, description, errors, submitCount = 0, children }: StepFrameProps) {
  // The summary is an assertive live region: rewritten as the visitor types (the form checks
  // again on each change), it would interrupt every keystroke (issue 25 §4). It says what the
  // last Continue found, and goes once every answer is right.
  const messages = errorMessages(errors);
  const [said, setSaid] = useState<{ count: number; text: string | null }>({ count: submitCount, text: summary(messages) });
  if (said.count !== submitCount || (messages.length === 0 && said.text !== null)) {
    setSaid({ count: submitCount, text: messages.length === 0 ? null : summary(messages) });
  }
  return (
    <Card padding={6} shadow="sm" aria-labelledby={STEP_TITLE_ID}>
      {eyebrow && <p className="mb-1 text-sm font-bold tracking-wide text-blue-800 uppercase">{eyebrow}</p>}
      <h2 id={STEP_TITLE_ID} tabIndex={-1} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {description && (
        <div id={STEP_DESCRIPTION_ID} className="mt-2 text-slate-700">
          {description}
        </div>
      )}
      {/* Like /check-my-rate's: focus goes to the first wrong field, and the summary is announced. */}
      <LiveMessage tone="error" className="mt-4 rounded-lg bg-red-50 p-3 font-medium text-red-800">
        {messages.length === 0 ? null : said.text}
      </LiveMessage>
      <div className="mt-6">{children}</div>
    </Card>
  );
}

/** One sentence, so the summary is heard as a whole: "Please check your answer: Zip code is required". */
function summary(messages: string[]): string | null {
  if (messages.length === 0) return null;
  return `${messages.length === 1 ? 'Please check your answer' : 'Please check your answers'}: ${messages.join('. ')}`;
}

/** Each field's message once, in the form's order. */
function errorMessages(errors: FieldErrors | undefined): string[] {
  if (!errors) return [];
  const messages = Object.values(errors)
    .map((error) => error?.message)
    .filter((message): message is string => typeof message === 'string' && message !== '');
  return [...new Set(messages)];
}
