import useSWR from 'swr';
import type { PageInfo, Trace, TraceStatus } from '@product-console/shared';
import { apiFetcher, isApiError } from '@/lib/api-client';
import { TRACE_KEY_PREFIX } from '@/features/trace/api/get-traced-products';

export interface TraceParams {
  productId: number;
  page: number;
  size: number;
  /** One serial's events (and its parents) instead of the whole product's. */
  serial?: string;
  /** One batch's events (its LGTIN class) instead of the whole product's. */
  lot?: string;
}

export function traceKey({ productId, page, size, serial, lot }: TraceParams): string {
  const query = new URLSearchParams({ productId: String(productId), page: String(page), size: String(size) });
  if (serial !== undefined) query.set('serial', serial);
  if (lot !== undefined) query.set('lot', lot);
  return `${TRACE_KEY_PREFIX}?${query}`;
}

export type TraceAnswer = { result: Trace; pageInfo: PageInfo };

/** A product's (or one serial's) events, oldest first (`GET /api/trace?productId&serial&page&size`); 404 while not traced. */
export function useTrace(params: TraceParams | null) {
  return useSWR<TraceAnswer>(params ? traceKey(params) : null, apiFetcher, { keepPreviousData: true });
}

/** The API answers 404 for a product that is not traced (or not the company's). */
export function isNotTraced(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** Whether the product is traced, since when and with how many events (`GET /api/trace/status`): never an error for an untraced one. */
export function useTraceStatus(productId: number | null) {
  return useSWR<{ result: TraceStatus }>(productId ? `${TRACE_KEY_PREFIX}/status?productId=${productId}` : null, apiFetcher);
}
