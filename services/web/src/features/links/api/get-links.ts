import useSWR from 'swr';
import type { Link } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const activeLinksKey = (productId: number | string) => `/bff/api/entry/links/active?productId=${productId}`;

/** Links are shown by their order and numbered from 1, whatever numbers the orders hold (spec point 4). */
export function sortLinks(links: readonly Link[]): Link[] {
  return [...links].sort((a, b) => a.order - b.order || a.linkId - b.linkId);
}

/** The product's active links, sorted by order (`GET /api/entry/links/active?productId`). */
export function useActiveLinks(productId: number | undefined) {
  return useSWR<{ result: Link[] }>(productId ? activeLinksKey(productId) : null, apiFetcher);
}
