import type { ReactNode, Ref } from 'react';

type LiveMessageProps = {
  /** The message; nothing (an empty region) while there is none. */
  children?: ReactNode;
  /** 'error' is announced at once (role alert); 'status' when the reader is free. */
  tone: 'error' | 'status';
  className?: string;
  id?: string;
  ref?: Ref<HTMLDivElement>;
};

/**
 * A form's error summary or status line. The region stays in the page while it is
 * empty, so a screen reader announces the text when it appears: a live region
 * inserted together with its text is often not announced.
 */
export function LiveMessage({ children, tone, className = '', id, ref }: LiveMessageProps) {
  const shown = children !== null && children !== undefined && children !== false && children !== '';
  return (
    // The aria-live region is always there; the role comes with the text. Empty, the
    // region takes no room ('contents' keeps it in the accessibility tree).
    <div
      ref={ref}
      id={id}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
      role={shown ? (tone === 'error' ? 'alert' : 'status') : undefined}
      tabIndex={-1}
      className={shown ? undefined : 'contents'}
    >
      {shown && <div className={className}>{children}</div>}
    </div>
  );
}
