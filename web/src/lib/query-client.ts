import { QueryClient } from '@tanstack/react-query';

// Spec section 7: stale after 5 minutes, no refetch on focus, no retries.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60 * 1000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
