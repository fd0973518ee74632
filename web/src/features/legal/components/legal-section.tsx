import type { ReactNode } from 'react';
import { TitledSection } from '@/components/titled-section';

/** One titled part of a legal page. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className="mt-8" headingClassName="text-xl font-bold text-slate-900">
      <div className="mt-2 space-y-3 text-slate-700">{children}</div>
    </TitledSection>
  );
}
