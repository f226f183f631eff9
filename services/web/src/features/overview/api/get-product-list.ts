import useSWR from 'swr';
import type { PageInfo, ProductSummary } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export interface ProductListResponse {
  result: ProductSummary[];
  pageInfo: PageInfo;
}

export function productListKey(page: number, size: number): string {
  return `/bff/api/overview/productList?${new URLSearchParams({ page: String(page), size: String(size) })}`;
}

export function useOverviewProductList(page: number, size: number) {
  return useSWR<ProductListResponse>(productListKey(page, size), apiFetcher, { keepPreviousData: true });
}
