import useSWR from 'swr';
import type { ProductResponse } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const productKey = (productId: number | string) => `/bff/api/product/?productId=${productId}`;

/** A product and its GS1 entry (`GET /api/product/?productId`). */
export function useProduct(productId: number | string | undefined) {
  return useSWR<ProductResponse>(productId ? productKey(productId) : null, apiFetcher);
}
