// The white, rounded, bordered card every page draws its sections in. One home for
// its look, so a page says only what differs: the element, the padding, the shadow.
import type { ComponentPropsWithoutRef, ElementType, ReactNode } from 'react';

const PADDING = { 5: 'p-5', 6: 'p-6', 8: 'p-8', x5: 'px-5', x6: 'px-6' } as const;
const SHADOW = { none: '', sm: 'shadow-sm', lg: 'shadow-lg' } as const;

export type CardProps<E extends ElementType> = {
  /** The element the card is: a section unless it is a form, a list item, a figure... */
  as?: E;
  /** Padding all round (5, 6, 8), or only left and right (x5, x6) for a list of disclosures. */
  padding?: keyof typeof PADDING;
  shadow?: keyof typeof SHADOW;
} & Omit<ComponentPropsWithoutRef<E>, 'as'>;

export function Card<E extends ElementType = 'section'>({ as, padding = 5, shadow = 'none', className, ...rest }: CardProps<E>) {
  const Element: ElementType = as ?? 'section';
  const classes = ['rounded-2xl border border-slate-200 bg-white', PADDING[padding], SHADOW[shadow], className].filter(Boolean).join(' ');
  return <Element className={classes} {...rest} />;
}

/** A card whose heading names it (the broker area's sections). */
export function TitledCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={id} shadow="sm">
      <h2 id={id} className="mb-4 text-lg font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}
