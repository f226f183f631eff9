import useSWR from 'swr';
import type { TotalCount } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const TOTAL_COUNT_KEY = '/bff/api/overview/total-count';

export function useTotalCount() {
  return useSWR<{ result: TotalCount }>(TOTAL_COUNT_KEY, apiFetcher);
}
