import useSWR from 'swr';
import type { LanguageItem, ProductDetailsLanguage } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';
import { UpdateFailedError } from '@/features/content/api/get-content';

export interface LanguageList {
  result: LanguageItem[];
  productDetails: ProductDetailsLanguage[];
}

export const languagesKey = (productId: number) => `/bff/api/product/languages?productId=${productId}`;

/** The product's registered languages and its texts per language (`GET /api/product/languages`). */
export function useProductLanguages(productId: number) {
  return useSWR<LanguageList>(languagesKey(productId), apiFetcher, { revalidateOnFocus: false, revalidateIfStale: false });
}

/** `POST /api/product/languages`: registers a language; the server copies the first language's texts to it. */
export const addLanguage = (productId: number, languageCode: string) =>
  api.post<LanguageList>('/bff/api/product/languages', { productId, languageCode });

/** `DELETE /api/product/languages`: removes the language's inputs everywhere. */
export const deleteLanguage = (productId: number, languageCode: string) =>
  api.delete<LanguageList>(`/bff/api/product/languages?productId=${productId}&languageCode=${encodeURIComponent(languageCode)}`);

/** `PUT /api/product/details` with the product's texts per language. */
export async function saveProductDetails(productId: number, productDetails: ProductDetailsLanguage[]): Promise<void> {
  const answer = await api.put<{ result?: unknown }>('/bff/api/product/details', { productId, productDetails });
  if (answer?.result !== 'success') throw new UpdateFailedError();
}
