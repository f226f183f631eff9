import useSWR from 'swr';
import type { NfcTag, PageInfo } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const NFC_TAGS_KEY_PREFIX = '/bff/api/product/nfc/tags';

export const nfcTagsKey = (productId: number, page: number, size: number) =>
  `${NFC_TAGS_KEY_PREFIX}?${new URLSearchParams({ productId: String(productId), page: String(page), size: String(size) })}`;

/** A page of the product's bound tags (`GET /api/product/nfc/tags`): UID, serial, key source, last counter and tap. */
export function useNfcTags(productId: number, page: number, size: number) {
  return useSWR<{ result: NfcTag[]; pageInfo: PageInfo }>(nfcTagsKey(productId, page, size), apiFetcher, { keepPreviousData: true });
}
