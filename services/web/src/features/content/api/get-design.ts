import useSWR from 'swr';
import type { Design } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';
import { UpdateFailedError } from '@/features/content/api/get-content';

export const designKey = (productId: number) => `/bff/api/product/design?productId=${productId}`;

/** The product's design (`GET /api/product/design`; the defaults when never saved). */
export function useProductDesign(productId: number) {
  return useSWR<{ result: Design }>(designKey(productId), apiFetcher, { revalidateOnFocus: false, revalidateIfStale: false });
}

/** `PUT /api/product/design`. */
export async function saveDesign(productId: number, design: Design): Promise<void> {
  const answer = await api.put<{ result?: unknown }>('/bff/api/product/design', { productId, design });
  if (answer?.result !== 'success') throw new UpdateFailedError();
}
