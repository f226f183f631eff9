import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOKS_PER_COMPANY_MAX,
  type PageQuery,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  type WebhookUpdate,
  type WebhookWithSecret,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { destProblem } from '../../webhook-post.js';
import { companies } from '../companies/tables.js';
import { enqueueDelivery, WEBHOOK_DELIVERY_QUEUE_NAME, webhookBody, type WebhookSender } from './outbox.js';
import { webhookDeliveries, webhookStreams, webhookSubscriptions, type WebhookDeliveryRow, type WebhookSubscriptionRow } from './tables.js';

/*
 * A company's product-data webhooks (decision 086): the services behind the console's routes
 * (`/api/webhooks`) and the public API's (`/api/v1/webhooks`), each taking the company it acts
 * for; the routes only check who asks.
 */

export interface WebhookSettings {
  /** `EPCIS_WEBHOOK_ALLOW_PRIVATE`: private and loopback destinations allowed (development, tests). */
  allowPrivate: boolean;
}

/** `whsec_` and 32 random bytes in base64 (the Standard Webhooks secret form). */
export const generateWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

/** The destination check of the EPCIS webhooks; its refusal named by a message id the console words (as the schema's are). */
function checkUrl(url: string, settings: WebhookSettings): void {
  const problem = destProblem(url, settings.allowPrivate);
  if (problem) throw validationFailed([{ path: 'url', message: /private|loopback/.test(problem) ? 'webhooks.error.private' : 'webhooks.error.url' }]);
}

// Column names qualified by hand: inside a select, Drizzle writes a column without its table, and both tables have an `id`.
const deadCount = sql<number>`(select count(*)::int from webhook_deliveries d where d.subscription_id = webhook_subscriptions.id and d.status = 'dead')`;

function toWebhook(row: WebhookSubscriptionRow, dead: number): Webhook {
  return {
    webhookId: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    secretCreatedAt: row.secretCreatedAt.toISOString(),
    deadDeliveries: dead,
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    deliveryId: row.id,
    webhookId: row.subscriptionId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The company's subscriptions, newest first, without their secrets. */
export async function listWebhooks(db: Db, companyId: number): Promise<Webhook[]> {
  const rows = await db
    .select({ row: webhookSubscriptions, dead: deadCount })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.companyId, companyId))
    .orderBy(desc(webhookSubscriptions.createdAt), desc(webhookSubscriptions.id));
  return rows.map(({ row, dead }) => toWebhook(row, dead));
}

async function findWebhook(db: Db, companyId: number, webhookId: string): Promise<WebhookSubscriptionRow> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.companyId, companyId)));
  if (!row) throw notFound();
  return row;
}

export async function getWebhook(db: Db, companyId: number, webhookId: string): Promise<Webhook> {
  const [row] = await db
    .select({ row: webhookSubscriptions, dead: deadCount })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.companyId, companyId)));
  if (!row) throw notFound();
  return toWebhook(row.row, row.dead);
}

/** Subscribes a destination; the answer carries the secret, the only time it is shown. */
export async function createWebhook(db: Db, companyId: number, userId: number | null, body: WebhookCreate, settings: WebhookSettings): Promise<WebhookWithSecret> {
  checkUrl(body.url, settings);
  const secret = generateWebhookSecret();
  const row = await db.transaction(async (tx) => {
    // The company's row serialises creations, so two at once cannot both take the last place.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const [{ held }] = await tx.select({ held: count() }).from(webhookSubscriptions).where(eq(webhookSubscriptions.companyId, companyId));
    if (held >= WEBHOOKS_PER_COMPANY_MAX) throw conflict(`A company may hold at most ${WEBHOOKS_PER_COMPANY_MAX} webhooks; delete one first`);
    const [inserted] = await tx
      .insert(webhookSubscriptions)
      .values({
        companyId,
        url: body.url,
        description: body.description ?? '',
        eventTypes: [...new Set(body.eventTypes)],
        enabled: body.enabled ?? true,
        secret,
        createdBy: userId,
      })
      .returning();
    return inserted;
  });
  return { ...toWebhook(row, 0), secret };
}

export async function updateWebhook(db: Db, companyId: number, webhookId: string, body: WebhookUpdate, settings: WebhookSettings): Promise<Webhook> {
  if (body.url !== undefined) checkUrl(body.url, settings);
  const [updated] = await db
    .update(webhookSubscriptions)
    .set({
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.eventTypes !== undefined ? { eventTypes: [...new Set(body.eventTypes)] } : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    })
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.companyId, companyId)))
    .returning({ id: webhookSubscriptions.id });
  if (!updated) throw notFound();
  return getWebhook(db, companyId, webhookId);
}

/** A new secret at once: deliveries from now on (retries included) are signed with it. */
export async function rotateWebhookSecret(db: Db, companyId: number, webhookId: string): Promise<WebhookWithSecret> {
  const secret = generateWebhookSecret();
  const [updated] = await db
    .update(webhookSubscriptions)
    .set({ secret, secretCreatedAt: new Date() })
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.companyId, companyId)))
    .returning({ id: webhookSubscriptions.id });
  if (!updated) throw notFound();
  return { ...(await getWebhook(db, companyId, webhookId)), secret };
}

/** Deletes a subscription with its delivery log; queued deliveries of it end unsent. */
export async function deleteWebhook(db: Db, companyId: number, webhookId: string): Promise<void> {
  const deleted = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, webhookId), eq(webhookSubscriptions.companyId, companyId)))
    .returning({ id: webhookSubscriptions.id });
  if (deleted.length === 0) throw notFound();
}

async function pageOf(db: Db, where: ReturnType<typeof and>, query: PageQuery): Promise<WebhookDeliveryPage> {
  const [{ total }] = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.seq))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return { items: rows.map(toDelivery), page: { total, page: query.page, size: query.size } };
}

/** A subscription's delivery log, newest first, optionally of one status. */
export async function listDeliveries(db: Db, companyId: number, webhookId: string, query: PageQuery & { status?: WebhookDeliveryStatus }): Promise<WebhookDeliveryPage> {
  await findWebhook(db, companyId, webhookId);
  const where = and(eq(webhookDeliveries.subscriptionId, webhookId), query.status ? eq(webhookDeliveries.status, query.status) : undefined);
  return pageOf(db, where, query);
}

/** The company's dead deliveries (retries spent), newest first: what the console offers to resend. */
export async function listDeadDeliveries(db: Db, companyId: number, query: PageQuery): Promise<WebhookDeliveryPage> {
  return pageOf(db, and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.status, 'dead')), query);
}

/**
 * Sends a dead delivery again: the same message id and body, at the end of its line (a receiver
 * may see it after later events of the product; its `timestamp` tells when it happened).
 */
export async function resendDelivery(db: Db, jobs: WebhookSender, companyId: number, deliveryId: string): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ delivery: webhookDeliveries, enabled: webhookSubscriptions.enabled })
      .from(webhookDeliveries)
      .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, companyId)))
      .for('update', { of: webhookDeliveries });
    if (!row) throw notFound();
    if (row.delivery.status !== 'dead') throw conflict('Only a dead delivery can be resent');
    if (!row.enabled) throw conflict('Enable the webhook before resending its deliveries');
    const { subscriptionId, resourceKey } = row.delivery;
    const line = and(eq(webhookStreams.subscriptionId, subscriptionId), eq(webhookStreams.resourceKey, resourceKey));
    await tx.insert(webhookStreams).values({ subscriptionId, resourceKey }).onConflictDoNothing();
    const [stream] = await tx.select().from(webhookStreams).where(line).for('update');
    await tx.update(webhookStreams).set({ nextSeq: stream.nextSeq + 1, busy: true }).where(line);
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', seq: stream.nextSeq, attempts: 0, responseStatus: null, error: null, lastAttemptAt: null, deliveredAt: null })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    if (!stream.busy) await jobs.send(WEBHOOK_DELIVERY_QUEUE_NAME, { deliveryId }, { tx });
    return toDelivery(updated);
  });
}

/** Queues a `webhook.test` event to one subscription (its own line), to check the destination and the signature. */
export async function sendTestEvent(db: Db, jobs: WebhookSender, companyId: number, webhookId: string): Promise<WebhookDelivery> {
  const webhook = await findWebhook(db, companyId, webhookId);
  if (!webhook.enabled) throw conflict('Enable the webhook before sending a test event');
  const id = await db.transaction((tx) =>
    enqueueDelivery(tx, jobs, {
      subscriptionId: webhook.id,
      companyId,
      eventType: WEBHOOK_TEST_EVENT_TYPE,
      resourceKey: 'test',
      payload: webhookBody(WEBHOOK_TEST_EVENT_TYPE, { webhookId: webhook.id, message: 'A test event from the product console' }),
    }),
  );
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return toDelivery(row);
}
