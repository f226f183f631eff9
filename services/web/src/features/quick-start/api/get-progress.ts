import useSWR from 'swr';
import type { TotalCount } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** The overview's counts (same cache key): enough to tell which first steps are done. */
export function useFirstStepsProgress() {
  const { data } = useSWR<{ result: TotalCount }>('/bff/api/overview/total-count', apiFetcher);
  if (!data) return undefined;
  return { hasProject: data.result.projects > 0, hasProduct: data.result.products > 0 };
}
