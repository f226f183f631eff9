import useSWR from 'swr';
import type { NfcMasterKey, NfcNewMasterKey, NfcSdmForm, NfcTag, PageInfo } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

/*
 * Cryptographic NFC tags (decision 069): the company's master keys, the tags bound to a product's
 * serials, and the SDM form of a serial's record for the tag supplier.
 */

export const NFC_TAGS_KEY_PREFIX = '/bff/api/product/nfc/tags';
export const NFC_MASTER_KEYS_KEY = '/bff/api/service/nfc/master-keys';

export const nfcTagsKey = (productId: number, page: number, size: number) =>
  `${NFC_TAGS_KEY_PREFIX}?${new URLSearchParams({ productId: String(productId), page: String(page), size: String(size) })}`;

/** A page of the product's bound tags (`GET /api/product/nfc/tags`). */
export function useNfcTags(productId: number, page: number, size: number) {
  return useSWR<{ result: NfcTag[]; pageInfo: PageInfo }>(nfcTagsKey(productId, page, size), apiFetcher, { keepPreviousData: true });
}

/** The SDM form of one serial (`GET /api/product/nfc/sdm`); nothing while no serial is picked. */
export function useSdmForm(productId: number, serial: string) {
  const key = serial ? `/bff/api/product/nfc/sdm?${new URLSearchParams({ productId: String(productId), serial })}` : null;
  return useSWR<{ result: NfcSdmForm }>(key, apiFetcher);
}

/** The encoding CSV of all the product's serials, or of one page: a plain link, the session cookie carries it. */
export function sdmExportUrl(productId: number, page?: { page: number; size: number }): string {
  const query = new URLSearchParams({ productId: String(productId) });
  if (page) {
    query.set('page', String(page.page));
    query.set('size', String(page.size));
  }
  return `/bff/api/product/nfc/sdm/export?${query}`;
}

/** Told apart by name, as the serial import does. */
export const NFC_TAG_FILE_TYPES = ['.xlsx', '.csv'];

/** `POST /api/product/nfc/tags/import` multipart, with upload progress. */
export async function importNfcTags(productId: number, file: File, onProgress?: (fraction: number) => void): Promise<{ imported: number }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await uploadForm<{ imported?: number }>(`/bff/api/product/nfc/tags/import?productId=${productId}`, { method: 'POST', body, onProgress });
  return { imported: typeof answer?.imported === 'number' ? answer.imported : 0 };
}

/** The company's master keys (managers; never their values). */
export function useNfcMasterKeys(enabled: boolean) {
  return useSWR<{ result: NfcMasterKey[] }>(enabled ? NFC_MASTER_KEYS_KEY : null, apiFetcher);
}

/** Generates a new master key (the first, or a rotation): its value is in this answer only. */
export async function generateNfcMasterKey(): Promise<NfcNewMasterKey> {
  return (await api.post<{ result: NfcNewMasterKey }>(NFC_MASTER_KEYS_KEY)).result;
}
