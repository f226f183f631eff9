import useSWR from 'swr';
import type { Batch, BatchImportResult, BatchLink, PageInfo } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';
import { uploadForm } from '@/lib/upload';

export const BATCHES_KEY_PREFIX = '/bff/api/entry/batches';

export const batchesKey = (productId: number, page: number, size: number) =>
  `${BATCHES_KEY_PREFIX}/all?${new URLSearchParams({ productId: String(productId), page: String(page), size: String(size) })}`;

/** A page of a product's batches, newest first (`GET /api/entry/batches/all`). */
export function useBatches(productId: number, page: number, size: number) {
  return useSWR<{ result: Batch[]; pageInfo: PageInfo }>(batchesKey(productId, page, size), apiFetcher, { keepPreviousData: true });
}

/** A batch's own links (`GET /api/entry/batches/links`); null key while closed. */
export function useBatchLinks(batchId: number | null) {
  return useSWR<{ result: BatchLink[] }>(batchId === null ? null : `${BATCHES_KEY_PREFIX}/links?batchId=${batchId}`, apiFetcher);
}

/** The fields of the batch form; '' for an empty field. */
export interface BatchForm {
  lot: string;
  productionDate: string;
  expiryDate: string;
  bestBeforeDate: string;
  quantity: string;
  site: string;
}

const bodyOf = (form: BatchForm) => ({
  lot: form.lot.trim(),
  productionDate: form.productionDate || null,
  expiryDate: form.expiryDate || null,
  bestBeforeDate: form.bestBeforeDate || null,
  quantity: form.quantity.trim() === '' ? null : Number(form.quantity),
  site: form.site.trim() || null,
});

export const createBatch = (productId: number, form: BatchForm) => api.post<{ result: Batch }>(`${BATCHES_KEY_PREFIX}/`, { productId, ...bodyOf(form) });
export const updateBatch = (batchId: number, form: BatchForm) => api.put<{ result: Batch }>(`${BATCHES_KEY_PREFIX}/`, { batchId, ...bodyOf(form) });
export const deleteBatch = (batchId: number) => api.put<{ result: true }>(`${BATCHES_KEY_PREFIX}/delete?batchId=${batchId}`);

export const addBatchLink = (batchId: number, link: { linkType: string; targetUrl: string; title: string }) =>
  api.post<{ result: BatchLink }>(`${BATCHES_KEY_PREFIX}/links`, { batchId, linkType: link.linkType, targetUrl: link.targetUrl.trim(), ...(link.title.trim() ? { title: link.title.trim() } : {}) });
export const deleteBatchLink = (batchId: number, batchLinkId: number) =>
  api.delete<{ result: true }>(`${BATCHES_KEY_PREFIX}/links?batchId=${batchId}&batchLinkId=${batchLinkId}`);

/** `POST /api/service/data/import?type=batch_material` multipart, with upload progress. */
export function importBatches(file: File, entry: { entryId: number; entryPath: string; gcp: string }, onProgress?: (fraction: number) => void) {
  const body = new FormData();
  body.append('entryPath', entry.entryPath);
  body.append('entryId', String(entry.entryId));
  body.append('gcp', entry.gcp);
  body.append('file', file, file.name);
  return uploadForm<BatchImportResult>('/bff/api/service/data/import?type=batch_material', { method: 'POST', body, onProgress });
}
