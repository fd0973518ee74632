import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { STEP_DESCRIPTION_ID, StepFrame, STEP_TITLE_ID } from './step-frame';

export type ChoiceOption<V> = { value: V; label: string; description?: string };

type ChoiceStepProps<V extends string | boolean> = {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  options: readonly ChoiceOption<V>[];
  value: V | undefined;
  /** Choosing answers the question and moves on: no Continue button needed. */
  onChoose: (value: V) => void;
};

export function ChoiceStep<V extends string | boolean>({ eyebrow, title, description, options, value, onChoose }: ChoiceStepProps<V>) {
  return (
    <StepFrame eyebrow={eyebrow} title={title} description={description}>
      <div
        role="group"
        aria-labelledby={STEP_TITLE_ID}
        aria-describedby={description ? STEP_DESCRIPTION_ID : undefined}
        className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const selected = value === option.value;
          return (
            <button
              key={String(option.value)}
              type="button"
              aria-pressed={selected}
              onClick={() => onChoose(option.value)}
              className={`flex items-center justify-between gap-3 rounded-xl border-2 p-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                selected ? 'border-blue-700 bg-blue-50' : 'border-slate-200 bg-white hover:border-blue-700'
              }`}
            >
              <span>
                <span className="block font-semibold text-slate-900">{option.label}</span>
                {option.description && <span className="block text-sm text-slate-700">{option.description}</span>}
              </span>
              {selected && <Check aria-hidden="true" className="size-5 shrink-0 text-blue-700" />}
            </button>
          );
        })}
      </div>
    </StepFrame>
  );
}
