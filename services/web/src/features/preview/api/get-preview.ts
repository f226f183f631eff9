import useSWR from 'swr';
import { designResponseSchema, landingContentResponseSchema, type LandingLink, type LandingProductInfo } from '@product-console/shared';
import { publicApi } from '@/lib/api-client';
import { publicApiPath } from '@/lib/public-api';

export { previewLinkTitle, publicFileUrl } from '@/landing/lib/urls';

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

/** The product's links; with `lang` (auto-translation on) their titles come back translated. */
export function usePreviewLinks(productId: string, lang?: string | null, enabled = true) {
  const query = `productId=${encodeURIComponent(productId)}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;
  return useSWR(
    enabled ? publicApiPath(`/api/product/landing-page/preview-links?${query}`) : null,
    async (path: string) => [...(await publicApi.get<{ result: LandingLink[] }>(path)).result].sort((a, b) => a.order - b.order),
    PREVIEW_SWR,
  );
}

/** The published content blocks, languages and texts (`GET /api/product/landing-page/preview-contents`). */
export function usePreviewContents(productId: string, lang?: string | null, enabled = true) {
  const query = `productId=${encodeURIComponent(productId)}${lang ? `&lang=${encodeURIComponent(lang)}` : ''}`;
  return useSWR(
    enabled ? publicApiPath(`/api/product/landing-page/preview-contents?${query}`) : null,
    async (path: string) => landingContentResponseSchema.parse(await publicApi.get<unknown>(path)).result,
    PREVIEW_SWR,
  );
}

/** The product's design (`GET /api/product/landing-page/design`); the API answers the defaults when never saved. */
export function usePreviewDesign(productId: string) {
  return useSWR(
    publicApiPath(`/api/product/landing-page/design?productId=${encodeURIComponent(productId)}`),
    async (path: string) => designResponseSchema.parse(await publicApi.get<unknown>(path)).result,
    PREVIEW_SWR,
  );
}
