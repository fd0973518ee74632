import { useQuery } from '@tanstack/react-query';
import { nationalRatesQuery } from '@/lib/queries';

export function useNationalRates() {
  return useQuery(nationalRatesQuery());
}
