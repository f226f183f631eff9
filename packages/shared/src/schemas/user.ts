import { z } from 'zod';
import { ROLE_IDS } from '../constants/roles.js';
import { PASSWORD_MAX_LENGTH } from '../constants/limits.js';
import { idTextSchema, text } from './common.js';

export const roleIdSchema = z.union(ROLE_IDS.map((id) => z.literal(id)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>]);

/** User of spec point 3, as the API returns it. */
export const userSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  email: z.string(),
  roleId: roleIdSchema,
  serviceName: z.string().describe('Service name of the acting company; empty for an unswitched super-admin'),
  companyName: z.string(),
  profile: z.string().nullable().describe('Path of the profile image'),
  showDefaultPage: z.boolean().describe('When off, the user lands on quick-start after sign-in'),
  firstName: z.string(),
  lastName: z.string(),
  department: z.string(),
  officePhone: z.string(),
  mobile: z.string(),
  customDomain: z.string().nullable(),
  isLoggedIn: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const signInBodySchema = z.object({
  email: z.email().max(254),
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** Answer of POST /api/auth/sign/in and POST /api/auth/token/switch-customer. */
export const tokenPairResponseSchema = z.object({
  Authorization: z.string().describe('Bearer access token'),
  authToken: z.string().describe('Refresh token'),
  user: userSchema,
});
export type TokenPairResponse = z.infer<typeof tokenPairResponseSchema>;

export const refreshBodySchema = z.object({ authToken: text().min(1).max(512) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const refreshResponseSchema = z.object({
  Authorization: z.string(),
  authToken: z.string(),
  isSwitch: z.boolean().describe('True when the refreshed pair belongs to a switched company'),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const signOutBodySchema = z.object({ authToken: text().max(512).optional() });

export const userResponseSchema = z.object({ user: userSchema });

export const switchCustomerBodySchema = z.object({ customerId: idTextSchema });
export type SwitchCustomerBody = z.infer<typeof switchCustomerBodySchema>;

/** Gateway: what the console learns about its session from GET /bff/auth/me. */
export const sessionInfoSchema = z.object({
  user: userSchema,
  switchedCustomerId: z.number().int().nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
