import { z } from 'zod';
import { NOTIFICATION_PAGE_SIZE } from '../constants/limits.js';
import { pageInfoSchema, pageNumberSchema } from './common.js';

/** Notification of spec point 3. */
export const notificationSchema = z.object({
  notificationId: z.number().int(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createTime: z.string(),
  type: z
    .string()
    .nullable()
    .optional()
    .describe('The message id: the event kind (company.registered, company.approved, subAdmin.joined, plan.usage, ...; docs/contracts.md), which the console words in the reader\'s language from `params`; title and message stay English'),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional().describe('Values of the message (strings and numbers; instants as ISO strings)'),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  unreadOnly: z.stringbool().optional(),
});

export const notificationListResponseSchema = z.object({
  result: z.array(notificationSchema),
  pageInfo: pageInfoSchema,
});

export const unreadCountResponseSchema = z.object({ result: z.object({ count: z.number().int() }) });
