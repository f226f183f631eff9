import type { ProductLabel } from '@product-console/shared';
import { api } from '@/lib/api-client';

/** `PUT /api/product/label`: stores the product's label (null removes it); answers it as stored. */
export async function saveProductLabel(productId: number, label: ProductLabel | null): Promise<ProductLabel | null> {
  return (await api.put<{ result: { label: ProductLabel | null } }>('/bff/api/product/label', { productId, label })).result.label;
}
