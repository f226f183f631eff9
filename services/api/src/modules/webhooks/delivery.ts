import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_SECRET_PREFIX } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import { JOB_SCHEMA, type QueuedJob } from '../../jobs/queue.js';
import { postWebhook, type WebhookResult } from '../../webhook-post.js';
import { advanceLine, type WebhookSender } from './outbox.js';
import { webhookDeliveries, webhookSubscriptions } from './tables.js';

/*
 * One attempt of one delivery (decision 086), run by the job queue: posts the stored body signed
 * by the Standard Webhooks scheme, records the outcome, and moves the delivery's line on once it
 * is delivered or its last attempt failed (dead: it stays listed, and can be resent). A failed
 * attempt throws, so the queue retries it with back-off; the last one also lands in the queue's
 * dead letters.
 */

export interface DeliveryOptions {
  allowPrivate: boolean;
  timeoutMs: number;
}

/** The HMAC key of a secret: the base64 after `whsec_`. */
function secretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
}

/** `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` (Standard Webhooks). */
export function webhookSignature(secret: string, messageId: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', secretKey(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's). */
export function signedHeaders(secret: string, messageId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': webhookSignature(secret, messageId, timestamp, body),
    'user-agent': 'product-console-webhooks/1',
  };
}

/** The most of an error kept on a delivery. */
const ERROR_MAX = 500;

export async function runDelivery(db: Db, jobs: WebhookSender, job: QueuedJob<{ deliveryId: string }>, options: DeliveryOptions): Promise<void> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, url: webhookSubscriptions.url, secret: webhookSubscriptions.secret, enabled: webhookSubscriptions.enabled })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, job.data.deliveryId));
  // Gone with its subscription, or already done (the queue delivers a job at least once).
  if (!row || row.delivery.status !== 'pending') return;
  const { delivery } = row;

  const result: WebhookResult = row.enabled
    ? await postWebhook(row.url, delivery.payload, signedHeaders(row.secret, delivery.messageId, delivery.payload), options)
    : { ok: false, status: null, error: 'the subscription is disabled' };
  // A disabled subscription is not retried: its deliveries die at once and can be resent once it is enabled again.
  const last = !row.enabled || job.retryCount >= job.retryLimit;
  const status = result.ok ? 'delivered' : last ? 'dead' : 'pending';
  await db.transaction(async (tx) => {
    const now = new Date();
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseStatus: result.status,
        error: result.error?.slice(0, ERROR_MAX) ?? null,
        lastAttemptAt: now,
        deliveredAt: result.ok ? now : null,
      })
      .where(sql`${webhookDeliveries.id} = ${delivery.id} and ${webhookDeliveries.status} = 'pending'`)
      .returning({ id: webhookDeliveries.id });
    if (updated && status !== 'pending') await advanceLine(tx, jobs, delivery.subscriptionId, delivery.resourceKey);
  });
  if (!result.ok && row.enabled) throw new Error(`webhook delivery ${delivery.id}: ${result.error ?? 'failed'}`);
}

/** How long a line's head may go without an attempt and without a job before the repair takes it for lost. */
export const LOST_AFTER_MINUTES = 15;

/**
 * Frees lines whose head lost its job: the queue expires a job whose replica died mid-attempt and
 * retries it, but one that expires on its last try goes to the dead letters without this handler
 * marking the delivery, and the line would wait forever. A head pending with no job of the queue
 * left for it (created, retrying or running), untouched for LOST_AFTER_MINUTES, is marked dead
 * (resendable) and its line moves on. Run on a schedule of the job queue.
 */
export async function repairLostLines(db: Db, jobs: WebhookSender, queueName: string): Promise<number> {
  const heads = (await db.execute(sql`
    select d.id, d.subscription_id as "subscriptionId", d.resource_key as "resourceKey"
    from webhook_streams s
    join lateral (
      select * from webhook_deliveries d
      where d.subscription_id = s.subscription_id and d.resource_key = s.resource_key and d.status = 'pending'
      order by d.seq limit 1
    ) d on true
    where s.busy
      and coalesce(d.last_attempt_at, d.created_at) < now() - make_interval(mins => ${LOST_AFTER_MINUTES})
      and not exists (
        select 1 from ${sql.raw(JOB_SCHEMA)}.job j
        where j.name = ${queueName} and j.state in ('created', 'retry', 'active') and j.data->>'deliveryId' = d.id::text
      )
  `)) as unknown as { rows: { id: string; subscriptionId: string; resourceKey: string }[] };
  let repaired = 0;
  for (const head of heads.rows) {
    await db.transaction(async (tx) => {
      const [lost] = await tx
        .update(webhookDeliveries)
        .set({ status: 'dead', error: 'the delivery was lost (its last attempt did not finish)' })
        .where(sql`${webhookDeliveries.id} = ${head.id} and ${webhookDeliveries.status} = 'pending'`)
        .returning({ id: webhookDeliveries.id });
      if (!lost) return;
      await advanceLine(tx, jobs, head.subscriptionId, head.resourceKey);
      repaired += 1;
    });
  }
  return repaired;
}
