import useSWR from 'swr';
import type { LandingLink, LandingProductInfo } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/**
 * What the phone frame shows besides the draft: the product as the consumer page reads it and
 * its links (the landing page calls, reached with the console's session).
 */
export function useLandingProduct(productId: number) {
  return useSWR<{ result: LandingProductInfo }>(`/bff/api/product/landing-page/preview-productInfo?productId=${productId}`, apiFetcher);
}

export function useLandingLinks(productId: number) {
  return useSWR<{ result: LandingLink[] }>(`/bff/api/product/landing-page/preview-links?productId=${productId}`, apiFetcher);
}
