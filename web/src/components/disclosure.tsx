import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

type DisclosureProps = {
  summary: string;
  children: ReactNode;
  /** The heading level that wraps the button, so FAQ questions sit in the outline. */
  headingLevel?: 2 | 3 | 4;
};

/** A show/hide section: a real button with aria-expanded controlling its panel. */
export function Disclosure({ summary, children, headingLevel = 3 }: DisclosureProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    // Closed, it is only a button: on paper it would promise what the page does not show.
    <div className={`border-b border-slate-200 last:border-b-0 ${open ? '' : 'print:hidden'}`}>
      <Heading className="text-base font-semibold">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 py-4 text-left text-slate-900 hover:text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <span>{summary}</span>
          <ChevronDown aria-hidden="true" className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </Heading>
      <div id={panelId} hidden={!open} className="pb-4 text-slate-700">
        {children}
      </div>
    </div>
  );
}
