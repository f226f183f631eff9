import useSWR from 'swr';
import type { NfcSdmForm } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const sdmFormKey = (productId: number, serial: string) => `/bff/api/product/nfc/sdm?${new URLSearchParams({ productId: String(productId), serial })}`;

/** The SDM form of one serial's NFC record (`GET /api/product/nfc/sdm`); nothing while no serial is picked. */
export function useSdmForm(productId: number, serial: string) {
  return useSWR<{ result: NfcSdmForm }>(serial ? sdmFormKey(productId, serial) : null, apiFetcher);
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
