import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const HOUR = 60 * 60 * 1000;

/** Spec section 7: fresh for an hour, kept 24 hours, no refetch on focus or mount. */
export function useNationalRates() {
  return useQuery({
    queryKey: ['national-rates'],
    queryFn: api.getNationalRates,
    staleTime: HOUR,
    gcTime: 24 * HOUR,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}
