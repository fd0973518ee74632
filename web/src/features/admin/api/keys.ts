// The broker area's query keys, in one place so a write knows what it makes stale.
export const adminKeys = {
  all: ['admin'] as const,
  list: (which: 'pending' | 'analyzed') => ['admin', 'quote-requests', which] as const,
  request: (requestId: string) => ['admin', 'quote-request', requestId] as const,
  records: (requestId: string) => ['admin', 'records', requestId] as const,
  versions: (requestId: string) => ['admin', 'versions', requestId] as const,
  keptEmails: (requestId: string) => ['admin', 'kept-emails', requestId] as const,
  audit: (filters: Record<string, string>) => ['admin', 'audit', filters] as const,
  analysis: (requestId: string) => ['admin', 'analysis', requestId] as const,
  emailCopy: (requestId: string) => ['admin', 'email-copy', requestId] as const,
  loanEstimate: (requestId: string) => ['admin', 'loan-estimate', requestId] as const,
  suggestions: ['admin', 'suggestions'] as const,
  contactRequests: ['admin', 'contact-requests'] as const,
  outbox: ['admin', 'outbox'] as const,
  marketRates: (series: '30' | '15') => ['admin', 'market-rates', series] as const,
  storedWeeks: ['admin', 'market-rates', 'weeks'] as const,
  refiWatches: ['admin', 'refi-watches'] as const,
<<<<<<< HEAD
  admins: ['admin', 'admins'] as const,
=======
  profile: ['admin', 'profile'] as const,
>>>>>>> main
};
