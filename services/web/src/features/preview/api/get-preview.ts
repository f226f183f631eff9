import useSWR from 'swr';
import { ERROR_CODES, MESSAGES, type LandingLink, type LandingProductInfo } from '@product-console/shared';
import { ApiError } from '@/lib/api-client';
import { publicApiPath } from '@/lib/public-api';

/**
 * A visitor has no session: plain GETs through the gateway's public pass-through, without the
 * console client's redirects to sign-in.
 */
async function publicFetcher<T>(path: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json', 'X-CSRF': '1' }, credentials: 'omit' });
  } catch {
    throw new ApiError(0, { code: ERROR_CODES.UPSTREAM_UNAVAILABLE, message: MESSAGES.unableToConnect });
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw new ApiError(response.status, body && typeof body === 'object' ? body : {});
  return body as T;
}

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

const PREVIEW_SWR = { shouldRetryOnError: false, revalidateOnFocus: false } as const;

/** What the consumer product view shows of a product (`GET /api/product/landing-page/preview-productInfo`). */
export function usePreviewProduct(productId: string) {
  return useSWR(
    publicApiPath(`/api/product/landing-page/preview-productInfo?productId=${encodeURIComponent(productId)}`),
    async (path: string) => (await publicFetcher<{ result: LandingProductInfo }>(path)).result,
    PREVIEW_SWR,
  );
}

/** The product's links, sorted by order (`GET /api/product/landing-page/preview-links`). */
export function usePreviewLinks(productId: string) {
  return useSWR(
    publicApiPath(`/api/product/landing-page/preview-links?productId=${encodeURIComponent(productId)}`),
    async (path: string) => [...(await publicFetcher<{ result: LandingLink[] }>(path)).result].sort((a, b) => a.order - b.order),
    PREVIEW_SWR,
  );
}
