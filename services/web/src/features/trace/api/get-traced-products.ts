import useSWR from 'swr';
import type { PageInfo, TracedProduct } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** Every trace read of the console starts with this, so one prefix revalidates them all. */
export const TRACE_KEY_PREFIX = '/bff/api/trace';

export interface TracedProductsParams {
  page: number;
  size: number;
  projectId?: number;
}

export function tracedProductsKey({ page, size, projectId }: TracedProductsParams): string {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  if (projectId !== undefined) query.set('projectId', String(projectId));
  return `${TRACE_KEY_PREFIX}/all?${query}`;
}

/** A page of the company's traced products (`GET /api/trace/all?page&size&projectId`, page 1-based). */
export function useTracedProducts(params: TracedProductsParams) {
  return useSWR<{ result: TracedProduct[]; pageInfo: PageInfo }>(tracedProductsKey(params), apiFetcher, { keepPreviousData: true });
}
