import useSWR from 'swr';
import type { ContentBlock, ContentUpdateBody } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const contentKey = (productId: number) => `/bff/api/product/content?productId=${productId}`;

/** The product's blocks in display order (`GET /api/product/content?productId`). */
export function useProductContent(productId: number) {
  return useSWR<{ result: ContentBlock[] }>(contentKey(productId), apiFetcher, { revalidateOnFocus: false, revalidateIfStale: false });
}

/** An update counts as failed when its result is not 'success' (spec point 5). */
export class UpdateFailedError extends Error {
  constructor() {
    super('result: fail');
    this.name = 'UpdateFailedError';
  }
}

/** `PUT /api/product/content`: replaces every block of the product; answers them as stored. */
export async function saveContent(body: ContentUpdateBody): Promise<ContentBlock[]> {
  const answer = await api.put<{ result?: unknown; contents?: ContentBlock[] }>('/bff/api/product/content', body);
  if (answer?.result !== 'success' || !answer.contents) throw new UpdateFailedError();
  return answer.contents;
}
