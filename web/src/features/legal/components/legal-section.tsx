import type { ReactNode } from 'react';

/** One titled part of a legal page. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}
