import useSWR from 'swr';
import type { ProductResponse, Qualifier } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/*
 * The trace pages need the product's name, service and GTIN before it is traced, and its serials
 * for the add-event form. These are the same calls (and so the same cache entries) as the product
 * pages' and the breadcrumbs'; a feature does not import another, so the keys are repeated here.
 */

const productKey = (productId: number) => `/bff/api/product/?productId=${productId}`;
const productSerialsKey = (productId: number) => `/bff/api/entry/qualifiers/all/product?productId=${productId}`;

/** A product and its GS1 entry (`GET /api/product/?productId`). */
export function useProductBrief(productId: number | undefined) {
  return useSWR<ProductResponse>(productId ? productKey(productId) : null, apiFetcher);
}

/** Every registered serial of the product (`GET /api/entry/qualifiers/all/product`). */
export function useProductSerials(productId: number | undefined) {
  return useSWR<{ result: Qualifier[] }>(productId ? productSerialsKey(productId) : null, apiFetcher);
}

/** The serial a qualifier stands for: its value, else its path's last segment decoded. */
export function serialOfQualifier(qualifier: Pick<Qualifier, 'value' | 'qualifierPath'>): string {
  if (qualifier.value) return qualifier.value;
  const last = qualifier.qualifierPath.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
