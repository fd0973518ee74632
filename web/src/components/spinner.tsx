import { LoaderCircle } from 'lucide-react';

/** A labelled loading indicator; the label is what screen readers announce. */
export function Spinner({ label = 'Loading…', className = '' }: { label?: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-12 text-slate-700 ${className}`}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-blue-700" />
      <span>{label}</span>
    </div>
  );
}
