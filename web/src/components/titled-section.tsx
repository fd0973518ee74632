// A section named by its own heading: the section's aria-labelledby and the heading's id are
// one value, written once, so the two cannot drift apart. The page says only the words and the look.
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

export type TitledSectionProps = {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  /** h2 for a part of the page, h3 for a part of an h2's part. */
  level?: 2 | 3;
  headingClassName?: string;
} & Omit<ComponentPropsWithoutRef<'section'>, 'id' | 'title' | 'aria-labelledby'>;

export function TitledSection({ id, title, level = 2, headingClassName, children, ...rest }: TitledSectionProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} {...rest}>
      <Heading id={id} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
