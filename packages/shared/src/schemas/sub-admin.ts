import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants/limits.js';
import { ACCESS_RESOURCES } from '../constants/services.js';
import { idTextSchema, pageInfoSchema, text } from './common.js';
import { newPasswordSchema } from './account.js';

export const accessFlagsSchema = z.object({ r: z.boolean(), w: z.boolean() });

/** Read/write flags per resource on one project; a missing resource means no access. */
export const accessInfoSchema = z.partialRecord(z.enum(ACCESS_RESOURCES), accessFlagsSchema);
export type AccessInfoBody = z.infer<typeof accessInfoSchema>;

/** Sub-admin of spec point 3. */
export const subAdminSchema = z.object({
  user_id: z.number().int(),
  company_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  department: z.string(),
  email: z.string(),
  active: z.object({
    joined: z.boolean().describe('The member has set a password'),
    invitedAt: z.string().nullable(),
    expired: z.boolean().describe('Not joined and no valid invitation: invite (again)'),
  }),
  lastUpdated: z.string(),
  projectIds: z.array(z.number().int()),
});
export type SubAdmin = z.infer<typeof subAdminSchema>;

export const subAdminListResponseSchema = z.object({
  canAdd: z.boolean().describe("False once the plan's sub-admin limit is reached"),
  result: z.array(subAdminSchema),
  pageInfo: pageInfoSchema,
});
export type SubAdminListResponse = z.infer<typeof subAdminListResponseSchema>;

/** The `newUser` JSON part of POST /api/auth/sub-admin/up; without a password the member is invited. */
export const subAdminNewUserSchema = z.object({
  company_id: idTextSchema.optional().describe('Must be the caller company when given'),
  first_name: text().trim().min(1).max(NAME_MAX_LENGTH),
  last_name: text().trim().min(1).max(NAME_MAX_LENGTH),
  department: text().trim().max(NAME_MAX_LENGTH).default(''),
  email: z.email().max(254),
  password: z.union([z.literal(''), newPasswordSchema]).optional(),
});
export type SubAdminNewUser = z.infer<typeof subAdminNewUserSchema>;
export const subAdminCreatedResponseSchema = z.object({ result: subAdminSchema });

export const subAdminIdBodySchema = z.object({ subAdminId: idTextSchema });
export const subAdminIdQuerySchema = subAdminIdBodySchema;

export const subAdminAccessBodySchema = z.object({
  subAdminId: idTextSchema,
  projectIds: z.array(idTextSchema).min(1).max(500),
  accessInfo: accessInfoSchema.describe('Applied to every listed project; no flag set removes the access'),
});
export type SubAdminAccessBody = z.infer<typeof subAdminAccessBodySchema>;

export const subAdminAccessQuerySchema = z.object({
  projectId: idTextSchema,
  subAdminId: idTextSchema,
});
export const subAdminAccessResponseSchema = z.object({ accessInfo: accessInfoSchema });

/** /new-member/{userId}: what the invitation page shows. */
export const invitationQuerySchema = z.object({ token: text().min(16).max(128) });
export const invitationResponseSchema = z.object({
  result: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), companyName: z.string() }),
});
export const acceptInvitationBodySchema = z.object({
  userId: idTextSchema,
  token: text().min(16).max(128),
  password: newPasswordSchema,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBodySchema>;
