import useSWR from 'swr';
import { MAX_PAGE_SIZE, type PageInfo, type ProductSummary } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/**
 * The product list the filter offers (spec point 2: the screen loads the product list), of one
 * project or all, by name: `GET /api/product/all` with its largest page, narrowed by a search (name,
 * number or GTIN) when a company has more products than one page holds.
 */
export function filterProductsKey(projectId: number | null, search = ''): string {
  const query = new URLSearchParams({ page: '1', size: String(MAX_PAGE_SIZE), sort: 'product_name', order: 'asc' });
  if (projectId !== null) query.set('projectId', String(projectId));
  if (search.trim()) query.set('search', search.trim());
  return `/bff/api/product/all?${query}`;
}

export function useFilterProducts(projectId: number | null, search = '') {
  return useSWR<{ result: ProductSummary[]; pageInfo: PageInfo }>(filterProductsKey(projectId, search), apiFetcher, { keepPreviousData: true });
}
