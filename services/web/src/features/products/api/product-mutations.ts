import type { CreateProductResponse, ServiceCode } from '@product-console/shared';
import { api } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

/**
 * `POST /api/product/` multipart: `product` (JSON array), `qrContent` (JSON) and the files.
 * Creation succeeds only when the answer says `result: true` (spec point 5).
 */
export async function createProduct(
  service: ServiceCode,
  body: FormData,
  onProgress?: (fraction: number) => void,
  idempotencyKey?: string,
): Promise<CreateProductResponse> {
  const answer = await uploadForm<CreateProductResponse | { result?: unknown }>(`/bff/api/product/?service=${service}`, {
    method: 'POST',
    body,
    onProgress,
    idempotencyKey,
  });
  if (answer?.result !== true) throw new Error('result: false');
  return answer as CreateProductResponse;
}

/** `PUT /api/product/` multipart; an answer other than `success` (e.g. `fail`) counts as failed. */
export async function updateProduct(productId: number, service: ServiceCode, body: FormData, onProgress?: (fraction: number) => void): Promise<void> {
  const answer = await uploadForm<{ result?: unknown }>(`/bff/api/product/?productId=${productId}&service=${service}`, { method: 'PUT', body, onProgress });
  if (answer?.result !== 'success') throw new Error('result: fail');
}

export const deleteProduct = (productId: number) => api.delete<{ result: true }>(`/bff/api/product/${productId}`);
export const deleteProducts = (productIds: number[]) => api.put<{ result: true; count: number }>('/bff/api/product/bulk', { productIds });
export const moveProduct = (productId: number, targetProjectId: number) =>
  api.patch<{ result: true }>(`/bff/api/product/move/${productId}`, { targetProjectId });
export const moveProducts = (productIds: number[], targetProjectId: number) =>
  api.put<{ result: true; count: number }>('/bff/api/product/move/bulk', { productIds, targetProjectId });
export const setProductNfc = (productId: number, isNFC: 0 | 1) => api.put<{ result: true }>('/bff/api/product/nfc', { productId, isNFC });
