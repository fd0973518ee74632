import type { ReactNode } from 'react';

export const STEP_TITLE_ID = 'wizard-step-title';
export const STEP_DESCRIPTION_ID = 'wizard-step-description';

/** One question of the wizard; its title gets focus when the step changes. */
export function StepFrame({ eyebrow, title, description, children }: { eyebrow?: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={STEP_TITLE_ID} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {eyebrow && <p className="mb-1 text-sm font-bold tracking-wide text-blue-800 uppercase">{eyebrow}</p>}
      <h2 id={STEP_TITLE_ID} tabIndex={-1} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {title}
      </h2>
      {description && (
        <div id={STEP_DESCRIPTION_ID} className="mt-2 text-slate-700">
          {description}
        </div>
      )}
      <div className="mt-6">{children}</div>
    </section>
  );
}
