import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { WebhookEventType } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../plugins/jobs.js';
import { webhookDeliveries, webhookStreams, webhookSubscriptions } from './tables.js';

/*
 * The outbox of product-data webhooks (decision 086). A change calls `recordWebhookEvents` inside
 * its own transaction: each enabled subscription of the company to the event's type gets a
 * delivery row, numbered in its line (subscription × product), and the line's head gets a job on
 * the queue in the same transaction. A rolled-back change so notifies no one, and a committed one
 * is never lost. The delivery job (`delivery.ts`) moves the line on when its delivery is done or
 * dead, so one product's events reach a destination in the order they happened.
 */

/** The queue of delivery jobs; its retries and back-off are set from the config where it is defined. */
export const WEBHOOK_DELIVERY_QUEUE_NAME = 'product-webhooks';

export type WebhookSender = Pick<Jobs, 'send'>;

export interface WebhookEvent {
  type: WebhookEventType;
  /** The product the event is about: its events are delivered in order. */
  productId: number;
  data: Record<string, unknown>;
}

export interface DeliveryDraft {
  subscriptionId: string;
  companyId: number;
  eventType: string;
  resourceKey: string;
  payload: string;
}

export const productResource = (productId: number): string => `product:${productId}`;

/** What a product's webhook carries besides its id: enough to tell which product, not the product itself (a client reads it for more). */
export const productWebhookData = (row: { gtin: string | null; productName: string; projectId: number; service: string }) => ({
  gtin: row.gtin,
  name: row.productName,
  projectId: row.projectId,
  service: row.service,
});
export const newMessageId = (): string => `msg_${randomUUID().replaceAll('-', '')}`;

/** The body of a delivery: the Standard Webhooks payload form (`type`, `timestamp`, `data`). */
export function webhookBody(type: string, data: Record<string, unknown>, at = new Date()): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * Adds a delivery at the end of its line and, when nothing of the line is in flight, queues it.
 * The line's row is locked until the transaction ends, so concurrent changes of one product, and
 * the job moving the line on, take turns.
 */
export async function enqueueDelivery(tx: Db, jobs: WebhookSender, draft: DeliveryDraft, messageId = newMessageId()): Promise<string> {
  const line = and(eq(webhookStreams.subscriptionId, draft.subscriptionId), eq(webhookStreams.resourceKey, draft.resourceKey));
  await tx.insert(webhookStreams).values({ subscriptionId: draft.subscriptionId, resourceKey: draft.resourceKey }).onConflictDoNothing();
  const [stream] = await tx.select().from(webhookStreams).where(line).for('update');
  await tx
    .update(webhookStreams)
    .set({ nextSeq: stream.nextSeq + 1, busy: true })
    .where(line);
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ ...draft, messageId, seq: stream.nextSeq })
    .returning({ id: webhookDeliveries.id });
  if (!stream.busy) await jobs.send(WEBHOOK_DELIVERY_QUEUE_NAME, { deliveryId: delivery.id }, { tx });
  return delivery.id;
}

/** Records a change's events for every enabled subscription of the company to their types; call it inside the change's transaction. */
export async function recordWebhookEvents(tx: Db, jobs: WebhookSender, companyId: number, events: readonly WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const subscriptions = await tx
    .select({ id: webhookSubscriptions.id, eventTypes: webhookSubscriptions.eventTypes })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.companyId, companyId), eq(webhookSubscriptions.enabled, true)))
    .orderBy(asc(webhookSubscriptions.createdAt));
  if (subscriptions.length === 0) return;
  const now = new Date();
  for (const event of events) {
    const payload = webhookBody(event.type, { productId: event.productId, ...event.data }, now);
    for (const subscription of subscriptions) {
      if (!subscription.eventTypes.includes(event.type)) continue;
      await enqueueDelivery(tx, jobs, { subscriptionId: subscription.id, companyId, eventType: event.type, resourceKey: productResource(event.productId), payload });
    }
  }
}

/**
 * Moves a line on once its head is delivered or dead: queues the next pending delivery, or marks
 * the line idle. Runs in the transaction that recorded the head's outcome.
 */
export async function advanceLine(tx: Db, jobs: WebhookSender, subscriptionId: string, resourceKey: string): Promise<void> {
  const line = and(eq(webhookStreams.subscriptionId, subscriptionId), eq(webhookStreams.resourceKey, resourceKey));
  const [stream] = await tx.select().from(webhookStreams).where(line).for('update');
  if (!stream) return;
  const [next] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.resourceKey, resourceKey), eq(webhookDeliveries.status, 'pending')))
    .orderBy(asc(webhookDeliveries.seq))
    .limit(1);
  if (next) await jobs.send(WEBHOOK_DELIVERY_QUEUE_NAME, { deliveryId: next.id }, { tx });
  else await tx.update(webhookStreams).set({ busy: false }).where(line);
}
