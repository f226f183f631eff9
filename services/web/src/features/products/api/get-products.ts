import useSWR from 'swr';
import type { PageInfo, ProductSummary } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export interface ProductListParams {
  page: number;
  size: number;
  projectId?: number;
  search?: string;
  sort?: 'createdAt' | 'product_name' | 'product_number' | 'updatedAt';
  order?: 'asc' | 'desc';
}

export interface ProductListResponse {
  result: ProductSummary[];
  pageInfo: PageInfo;
}

export const PRODUCTS_KEY_PREFIX = '/bff/api/product/all';

export function productsKey({ page, size, projectId, search, sort, order }: ProductListParams): string {
  const query = new URLSearchParams({ page: String(page), size: String(size) });
  if (projectId !== undefined) query.set('projectId', String(projectId));
  if (search) query.set('search', search);
  if (sort) query.set('sort', sort);
  if (order) query.set('order', order);
  return `${PRODUCTS_KEY_PREFIX}?${query}`;
}

/** A page of the product list (`GET /api/product/all`). */
export function useProducts(params: ProductListParams) {
  return useSWR<ProductListResponse>(productsKey(params), apiFetcher, { keepPreviousData: true });
}
