import useSWR from 'swr';
import type { EpcisQueryBuilder, EpcisQueryItem, EpcisSubscriptionCreate, EpcisSubscriptionItem, PageInfo } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const EPCIS_QUERIES_KEY = '/bff/api/trace/epcis-queries';
export const EPCIS_SUBSCRIPTIONS_KEY = '/bff/api/trace/epcis-subscriptions';
/** Rows per page of both lists. */
export const EPCIS_LIST_SIZE = 10;
/** How often the subscriptions are read again while a test event is on its way. */
export const TEST_REFRESH_MS = 1500;

interface Paged<T> {
  result: { items: T[]; page: PageInfo };
}

/** One page of the company's named queries (`GET /api/trace/epcis-queries`). */
export function useEpcisQueries(page: number, size = EPCIS_LIST_SIZE) {
  return useSWR<Paged<EpcisQueryItem>>(`${EPCIS_QUERIES_KEY}?page=${page}&size=${size}`, apiFetcher);
}

/**
 * One page of the company's subscriptions; read again every moment while a test event is pending.
 * The poll asks the API each time: within the app's deduplication window an interval's read would be
 * answered from the first one, and a pending test would stay pending on screen (decision 078).
 */
export function useEpcisSubscriptions(page: number) {
  return useSWR<Paged<EpcisSubscriptionItem>>(`${EPCIS_SUBSCRIPTIONS_KEY}?page=${page}&size=${EPCIS_LIST_SIZE}`, apiFetcher, {
    dedupingInterval: 0,
    refreshInterval: (data) => (data?.result.items.some((item) => item.test?.status === 'pending') ? TEST_REFRESH_MS : 0),
  });
}

export async function createEpcisQuery(builder: EpcisQueryBuilder, idempotencyKey: string): Promise<EpcisQueryItem> {
  return (await api.post<{ result: EpcisQueryItem }>(EPCIS_QUERIES_KEY, builder, { idempotencyKey })).result;
}

export async function deleteEpcisQuery(name: string): Promise<void> {
  await api.delete<unknown>(`${EPCIS_QUERIES_KEY}/${encodeURIComponent(name)}`);
}

export async function createEpcisSubscription(body: EpcisSubscriptionCreate, idempotencyKey: string): Promise<EpcisSubscriptionItem> {
  return (await api.post<{ result: EpcisSubscriptionItem }>(EPCIS_SUBSCRIPTIONS_KEY, body, { idempotencyKey })).result;
}

export async function setEpcisSubscriptionPaused(subscriptionId: string, paused: boolean): Promise<EpcisSubscriptionItem> {
  return (await api.patch<{ result: EpcisSubscriptionItem }>(`${EPCIS_SUBSCRIPTIONS_KEY}/${encodeURIComponent(subscriptionId)}`, { paused })).result;
}

export async function deleteEpcisSubscription(subscriptionId: string): Promise<void> {
  await api.delete<unknown>(`${EPCIS_SUBSCRIPTIONS_KEY}/${encodeURIComponent(subscriptionId)}`);
}

/** Asks for a test event; the list shows its outcome once the job queue delivered it. */
export async function testEpcisSubscription(subscriptionId: string): Promise<EpcisSubscriptionItem> {
  return (await api.post<{ result: EpcisSubscriptionItem }>(`${EPCIS_SUBSCRIPTIONS_KEY}/${encodeURIComponent(subscriptionId)}/test`)).result;
}
