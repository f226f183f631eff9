import useSWR from 'swr';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryPage, WebhookUpdate, WebhookWithSecret } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const WEBHOOKS_KEY = '/bff/api/webhooks';
export const DEAD_DELIVERIES_KEY = '/bff/api/webhook-deliveries/dead';
/** Rows per page of the delivery log and the dead deliveries. */
export const DELIVERY_PAGE_SIZE = 10;
/** How often a log with a delivery on its way is read again. */
export const DELIVERY_REFRESH_MS = 1500;

/** The company's webhooks, without their secrets (`GET /api/webhooks`). */
export function useWebhooks() {
  return useSWR<{ result: Webhook[] }>(WEBHOOKS_KEY, apiFetcher);
}

/** One page of a webhook's delivery log; read again every moment while one of its deliveries is pending. */
export function useDeliveries(webhookId: string | null, page: number) {
  return useSWR<{ result: WebhookDeliveryPage }>(
    webhookId ? `${WEBHOOKS_KEY}/${encodeURIComponent(webhookId)}/deliveries?page=${page}&size=${DELIVERY_PAGE_SIZE}` : null,
    apiFetcher,
    {
      refreshInterval: (data) => (data?.result.items.some((item) => item.status === 'pending') ? DELIVERY_REFRESH_MS : 0),
      // The app's deduplication window is longer than the refresh interval, and would swallow each refresh.
      dedupingInterval: DELIVERY_REFRESH_MS / 2,
    },
  );
}

/** One page of the company's dead deliveries (retries spent). */
export function useDeadDeliveries(page: number) {
  return useSWR<{ result: WebhookDeliveryPage }>(`${DEAD_DELIVERIES_KEY}?page=${page}&size=${DELIVERY_PAGE_SIZE}`, apiFetcher);
}

/** `POST /api/webhooks`: the only answer, with rotation's, that carries the secret. */
export async function createWebhook(body: WebhookCreate): Promise<WebhookWithSecret> {
  return (await api.post<{ result: WebhookWithSecret }>(WEBHOOKS_KEY, body)).result;
}

export async function updateWebhook(webhookId: string, body: WebhookUpdate): Promise<Webhook> {
  return (await api.patch<{ result: Webhook }>(`${WEBHOOKS_KEY}/${encodeURIComponent(webhookId)}`, body)).result;
}

export async function rotateWebhookSecret(webhookId: string): Promise<WebhookWithSecret> {
  return (await api.post<{ result: WebhookWithSecret }>(`${WEBHOOKS_KEY}/${encodeURIComponent(webhookId)}/secret`)).result;
}

export async function deleteWebhook(webhookId: string): Promise<void> {
  await api.delete<unknown>(`${WEBHOOKS_KEY}/${encodeURIComponent(webhookId)}`);
}

/** Queues a signed `webhook.test` event; the delivery log shows how it went. */
export async function sendTestEvent(webhookId: string): Promise<WebhookDelivery> {
  return (await api.post<{ result: WebhookDelivery }>(`${WEBHOOKS_KEY}/${encodeURIComponent(webhookId)}/test`)).result;
}

export async function resendDelivery(deliveryId: string): Promise<WebhookDelivery> {
  return (await api.post<{ result: WebhookDelivery }>(`/bff/api/webhook-deliveries/${encodeURIComponent(deliveryId)}/resend`)).result;
}
