import useSWR from 'swr';
import type { PageInfo, Qualifier, SerialStatusHistoryItem, SerialStatusValue } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const QUALIFIERS_KEY_PREFIX = '/bff/api/entry/qualifiers/all';

export interface QualifierListParams {
  entryId: number;
  page: number;
  size: number;
  search?: string;
  status?: SerialStatusValue;
}

export function qualifiersKey({ entryId, page, size, search, status }: QualifierListParams): string {
  const query = new URLSearchParams({ page: String(page), size: String(size), entryId: String(entryId) });
  if (search) query.set('search', search);
  if (status) query.set('status', status);
  return `${QUALIFIERS_KEY_PREFIX}?${query}`;
}

/** A page of an entry's serials (`GET /api/entry/qualifiers/all`). */
export function useQualifiers(params: QualifierListParams | null) {
  return useSWR<{ result: Qualifier[]; pageInfo: PageInfo }>(params ? qualifiersKey(params) : null, apiFetcher, { keepPreviousData: true });
}

export const productQualifiersKey = (productId: number | string) => `${QUALIFIERS_KEY_PREFIX}/product?productId=${productId}`;

/** Every serial of a product, for pickers (`GET /api/entry/qualifiers/all/product`). */
export function useProductQualifiers(productId: number | undefined) {
  return useSWR<{ result: Qualifier[] }>(productId ? productQualifiersKey(productId) : null, apiFetcher);
}

/** The serial a qualifier stands for: its value, else the path's last segment decoded. */
export function serialOf(qualifier: Pick<Qualifier, 'value' | 'qualifierPath'>): string {
  if (qualifier.value) return qualifier.value;
  const last = qualifier.qualifierPath.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A serial's lifecycle history, newest first (`GET /api/entry/qualifiers/status/history`); null key while closed. */
export function useSerialHistory(ref: { entryId: number; qualifierId: number } | null) {
  const key = ref ? `/bff/api/entry/qualifiers/status/history?${new URLSearchParams({ entryId: String(ref.entryId), qualifierId: String(ref.qualifierId) })}` : null;
  return useSWR<{ result: SerialStatusHistoryItem[] }>(key, apiFetcher);
}
