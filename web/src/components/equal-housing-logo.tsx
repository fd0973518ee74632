/**
 * The Equal Housing Opportunity logo (a house with an equals sign), drawn
 * here so it needs no request; its text alternative names it for screen
 * readers (ECOA / Fair Housing Act advertising, docs/compliance.md).
 */
export function EqualHousingLogo({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" role="img" aria-label="Equal Housing Opportunity" className={className} fill="currentColor">
      <path d="M24 3 2 19v4h4v22h36V23h4v-4L24 3Zm14 38H10V20.5L24 10l14 10.5V41Z" />
      <rect x="15" y="24" width="18" height="4" />
      <rect x="15" y="31" width="18" height="4" />
    </svg>
  );
}
