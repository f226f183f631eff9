import useSWR from 'swr';
import type { Batch, PageInfo, Recall, RecallScope } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

const RECALLS = '/bff/api/recall';

/** A product's recalls, newest first (`GET /api/recall/all?productId`). */
export function useProductRecalls(productId: number, page: number, size: number) {
  const query = new URLSearchParams({ productId: String(productId), page: String(page), size: String(size) });
  return useSWR<{ result: Recall[]; pageInfo: PageInfo }>(`${RECALLS}/all?${query}`, apiFetcher, { keepPreviousData: true });
}

/** The scans answered with a recall's notice, by country (`GET /api/recall/scans`); null key while closed. */
export function useRecallScans(recallId: number | null) {
  return useSWR<{ result: { country: string | null; scans: number; firstAt: string; lastAt: string }[] }>(
    recallId === null ? null : `${RECALLS}/scans?recallId=${recallId}`,
    apiFetcher,
  );
}

/** The batches a recall may name (the product's first 100, newest first); null key while the dialog is closed. */
export function useRecallableBatches(productId: number | null) {
  return useSWR<{ result: Batch[] }>(productId === null ? null : `/bff/api/entry/batches/all?productId=${productId}&size=100`, apiFetcher);
}

export interface RecallForm {
  scope: RecallScope;
  batchIds: number[];
  serialFrom: string;
  serialTo: string;
  reason: string;
  action: string;
  contact: string;
}

export function startRecall(productId: number, form: RecallForm) {
  return api.post<{ result: Recall }>(`${RECALLS}/`, {
    productId,
    scope: form.scope,
    ...(form.scope === 'batches' ? { batchIds: form.batchIds } : {}),
    ...(form.scope === 'serials' ? { serialFrom: form.serialFrom.trim(), serialTo: form.serialTo.trim() } : {}),
    reason: form.reason.trim(),
    action: form.action.trim(),
    contact: form.contact.trim(),
  });
}

export const endRecall = (recallId: number) => api.put<{ result: Recall }>(`${RECALLS}/end?recallId=${recallId}`);

/** The CSV for the authority; the session cookie carries it, so a plain link will do. */
export const recallScansExportUrl = (recallId: number) => `${RECALLS}/scans/export?recallId=${recallId}`;
