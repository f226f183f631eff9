import useSWR from 'swr';
import type { LandingLink, LandingProductInfo } from '@product-console/shared';
import { publicApi } from '@/lib/api-client';
import { publicApiPath } from '@/lib/public-api';

/** The title in the viewer's language when the link has one, else its own title. */
export function previewLinkTitle(link: Pick<LandingLink, 'title' | 'modifiedTitle'>, language: string): string {
  const translated = link.modifiedTitle.find((item) => item.languageCode === language && item.inputData.trim() !== '');
  return translated?.inputData ?? link.title;
}

/** Stored paths (`/files/...`) are public product images, served through the public pass-through. */
export function publicFileUrl(path: string): string {
  if (/^(https?:)?\/\//.test(path) || path.startsWith('/bff/') || path.startsWith('data:')) return path;
  return publicApiPath(`/api${path.startsWith('/') ? path : `/${path}`}`);
}

/** A visitor has no session (public calls), and the preview never retries a failed read (spec point 9). */
const PREVIEW_SWR = { shouldRetryOnError: false, revalidateOnFocus: false } as const;

/** What the consumer product view shows of a product (`GET /api/product/landing-page/preview-productInfo`). */
export function usePreviewProduct(productId: string) {
  return useSWR(
    publicApiPath(`/api/product/landing-page/preview-productInfo?productId=${encodeURIComponent(productId)}`),
    async (path: string) => (await publicApi.get<{ result: LandingProductInfo }>(path)).result,
    PREVIEW_SWR,
  );
}

/** The product's links, sorted by order (`GET /api/product/landing-page/preview-links`). */
export function usePreviewLinks(productId: string) {
  return useSWR(
    publicApiPath(`/api/product/landing-page/preview-links?productId=${encodeURIComponent(productId)}`),
    async (path: string) => [...(await publicApi.get<{ result: LandingLink[] }>(path)).result].sort((a, b) => a.order - b.order),
    PREVIEW_SWR,
  );
}
