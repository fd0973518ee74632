/**
 * Marks a demo request a development server made (issue 13), so a broker never
 * mistakes it for a visitor's; `quotegrade demo remove` deletes them.
 */
export function DemoBadge() {
  return (
    <span
      className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      title="Made by this development server, not by a visitor"
    >
      Demo
    </span>
  );
}
