import { z } from 'zod';
import { pageInfoSchema, pageQuerySchema, text } from './common.js';

/*
 * Webhooks for product data (issue 30 §2, decision 086): a company subscribes a destination to
 * events about its products; deliveries are signed by the Standard Webhooks scheme (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`) with the subscription's secret (`whsec_` + base64).
 */

/** The events a subscription can name. */
export const WEBHOOK_EVENT_TYPES = [
  'product.created',
  'product.updated',
  'product.deleted',
  'serial.statusChanged',
  'passport.published',
  'batch.recalled',
  'serial.suspicious',
  'report.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The type of the console's "send a test event" (never subscribed to; sent to the one subscription). */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** How many subscriptions a company may hold. */
export const WEBHOOKS_PER_COMPANY_MAX = 20;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'webhooks.error.events')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

const urlSchema = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .url('webhooks.error.url')
  .regex(/^https?:\/\//i, 'webhooks.error.url');

/** `POST /api/webhooks`. */
export const webhookCreateSchema = z.object({
  url: urlSchema,
  description: text().trim().max(WEBHOOK_DESCRIPTION_MAX).optional().default(''),
  eventTypes: eventTypesSchema,
  enabled: z.boolean().optional().default(true),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

/** `PATCH /api/webhooks/:webhookId`: any of the fields. */
export const webhookUpdateSchema = z
  .object({
    url: urlSchema.optional(),
    description: text().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
    eventTypes: eventTypesSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'webhooks.error.nothing');
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookSchema = z.object({
  webhookId: z.string().uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** When the secret was made or last rotated. */
  secretCreatedAt: z.string(),
  /** Deliveries that died (retries spent) and were not resent. */
  deadDeliveries: z.number().int().nonnegative(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of create and rotate: the only time the secret is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookIdParamSchema = z.object({ webhookId: z.string().uuid() });
export const webhookDeliveryParamSchema = z.object({ deliveryId: z.string().uuid() });

export const webhookDeliverySchema = z.object({
  deliveryId: z.string().uuid(),
  webhookId: z.string().uuid(),
  /** The `webhook-id` header: the same on every attempt and on a resend. */
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().nonnegative(),
  /** The last attempt's HTTP status, null when none answered. */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = pageQuerySchema.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export const webhookDeliveryPageSchema = z.object({ items: z.array(webhookDeliverySchema), page: pageInfoSchema });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookListResponseSchema = z.object({ result: z.array(webhookSchema) });
export const webhookResponseSchema = z.object({ result: webhookSchema });
export const webhookWithSecretResponseSchema = z.object({ result: webhookWithSecretSchema });
export const webhookDeliveryResponseSchema = z.object({ result: webhookDeliverySchema });
export const webhookDeliveryPageResponseSchema = z.object({ result: webhookDeliveryPageSchema });
