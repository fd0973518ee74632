import { MessageCircleQuestion } from 'lucide-react';
import { Card } from '@/components/card';
import { BROKER_WORDS } from '@/lib/quote-display';
import { BrokerText } from './broker-text';

/** The visitor's questions, each with the loan officer's answer (issue 14: the promise of /check-my-rate). */
export function QuestionsAnswered({ questions, answers }: { questions: string[]; answers: string[] }) {
  if (questions.length === 0) return null;
  return (
    <Card aria-labelledby="questions-title">
      <h2 id="questions-title" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <MessageCircleQuestion aria-hidden="true" className="size-5 shrink-0 text-blue-700" />
        Your questions
      </h2>
      <dl className="mt-3 space-y-4">
        {questions.map((question, index) => {
          const answer = answers[index]?.trim();
          return (
            <div key={index}>
              {/* The visitor's own words, as they asked (data-rate="own"): not a rate offered. */}
              <dt className="font-semibold text-slate-900" data-rate-pair data-rate="own">
                {question}
              </dt>
              <dd className="mt-1 whitespace-pre-line text-slate-800" {...BROKER_WORDS}>
                {answer ? <BrokerText text={answer} /> : 'Not answered in writing yet: use "Speak to a Mortgage Expert" and we will answer it.'}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}
