import { z } from 'zod';
import { idTextSchema, pageInfoSchema, pageQuerySchema, text } from './common.js';

/** Who made a change: a person signed in to the console, an API key, the product itself (a job), or an unauthenticated caller (sign-up, a password reset, a shopper's report). */
export const AUDIT_ACTOR_TYPES = ['user', 'api-key', 'system', 'public'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The most rows one CSV export holds; narrower filters export the rest. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** What the log shows of a changed secret (a password hash, a key's hash, a token, a sealed key). */
export const AUDIT_REDACTED = '[redacted]';

const auditTimeSchema = z.iso.datetime({ offset: true });

const auditFilterShape = {
  /** A super-admin chooses the company; anyone else sees their own company only (another company answers 403). */
  companyId: idTextSchema.optional(),
  /** The person who made the changes. */
  userId: idTextSchema.optional(),
  /** A resource (table) name, as shown in the log. */
  resource: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'a resource name: lower-case letters, digits and _')
    .optional(),
  resourceId: text().trim().min(1).max(200).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: auditTimeSchema.optional(),
  to: auditTimeSchema.optional(),
};

const rangeInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to);
const rangeMessage = { message: 'the start of the time range is after its end', path: ['to'] };

export const auditFilterSchema = z.object(auditFilterShape).refine(rangeInOrder, rangeMessage);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = pageQuerySchema.extend(auditFilterShape).refine(rangeInOrder, rangeMessage);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditActorSchema = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  userId: z.number().int().nullable(),
  apiKeyId: z.string().nullable(),
  /** The person's name and e-mail, the key's name and prefix, or the job's name, as they were at the time. */
  label: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  companyId: z.number().int().nullable(),
  actor: auditActorSchema,
  resource: z.string(),
  resourceId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Created: the new values; deleted: the old ones; updated: `{ column: { from, to } }` of the changed columns only. Secrets show as AUDIT_REDACTED. */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageResponseSchema = z.object({ result: z.array(auditEntrySchema), pageInfo: pageInfoSchema });
export type AuditPage = z.infer<typeof auditPageResponseSchema>;

/** The people a filter can choose: those who appear in the log the caller may see. */
export const auditPeopleResponseSchema = z.object({
  result: z.array(z.object({ userId: z.number().int(), label: z.string() })),
  resources: z.array(z.string()),
});
export type AuditPeople = z.infer<typeof auditPeopleResponseSchema>;
