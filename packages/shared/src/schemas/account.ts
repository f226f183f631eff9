import { z } from 'zod';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/limits.js';
import { ROLE } from '../constants/roles.js';
import { UI_LANGUAGES } from '../constants/ui.js';
import { companySchema, timeZoneSchema } from './company.js';
import { GS1_CONVENIENCE_ALPHAS } from '../gs1/digital-link.js';
import { idTextSchema, storable, text } from './common.js';

/** A new password: long enough, not absurdly long. */
export const newPasswordSchema = text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/**
 * Service names are the first path segment of every console URL: lower-case letters, digits
 * and inner hyphens, 3 to 40 characters, not only digits (those belong to GS1 paths).
 */
export const SERVICE_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/;
export const serviceNameSchema = text()
  .trim()
  .toLowerCase()
  .regex(SERVICE_NAME_PATTERN, 'use 3 to 40 lower-case letters, digits or inner hyphens')
  .refine((name) => !/^\d+$/.test(name), 'must contain a letter')
  .refine((name) => !name.includes('--'), 'must not contain two hyphens in a row');

/** First path segments the console and the gateway already use. */
export const RESERVED_SERVICE_NAMES: readonly string[] = [
  'api', 'bff', 'auth', 'login', 'logout', 'register', 'switch', 'maintenance', 'files', 'assets', 'static',
  'forgot-password', 'reset-password', 'check-mail', 'code-verification', 'new-member', 'healthz', 'readyz',
  'metrics', 'admin', 'super', 'preview', 'well-known', 'docs', 'www', 'console', 'help', 'support',
  // The EPCIS 2.0 REST bindings of machine clients live at /epcis (the console's trace screens are /{serviceName}/epcis).
  'epcis',
  // GS1 Digital Link convenience alphas: `/{alpha}/...` paths belong to the resolver (it answers 400).
  ...GS1_CONVENIENCE_ALPHAS,
];

/** GS1 company prefix: 4 to 12 digits. */
/** The language of a user's e-mails (and the console's default for it): one of the console's five. */
export const userLanguageSchema = z.enum(UI_LANGUAGES);

export const gcpSchema = text().trim().regex(/^\d{4,12}$/, 'a GS1 company prefix has 4 to 12 digits');

/** The `newUser` JSON part of POST /api/auth/sign/up (spec point 7). */
export const signUpNewUserSchema = z.object({
  company_name: text().trim().min(1).max(NAME_MAX_LENGTH),
  service_name: serviceNameSchema,
  category_id: z.coerce.number().int().min(1).max(99).default(1),
  email: z.email().max(254),
  gcps: z.array(gcpSchema).min(1).max(20),
  first_name: text().trim().min(1).max(NAME_MAX_LENGTH),
  last_name: text().trim().min(1).max(NAME_MAX_LENGTH),
  password: newPasswordSchema,
  role_id: z.coerce.number().pipe(z.literal(ROLE.MANAGER)).default(ROLE.MANAGER).describe('Always 2: a sign-up creates the manager of a new company'),
  department: text().trim().max(NAME_MAX_LENGTH).default(''),
  superAdminPassword: text().max(PASSWORD_MAX_LENGTH).optional().describe('Accepted for compatibility; not used'),
  language: userLanguageSchema.default('en').describe("The language of the manager's e-mails"),
});
export type SignUpNewUser = z.infer<typeof signUpNewUserSchema>;

/**
 * The same for a new company and for an address that already has an account (whose owner is
 * mailed instead), so it carries no company id.
 */
export const signUpResponseSchema = z.object({
  result: z.object({
    serviceName: z.string(),
    email: z.string(),
    permission: z.boolean().describe('False: the company waits for a super-admin'),
  }),
});

export const serviceNameCheckQuerySchema = z.object({ serviceName: text().max(100) });
export const serviceNameCheckResponseSchema = z.object({
  available: z.boolean(),
  reason: z.enum(['invalid', 'reserved', 'taken']).nullable(),
});
export type ServiceNameCheck = z.infer<typeof serviceNameCheckResponseSchema>;

/** PUT /api/service/super/customer/permission */
export const customerPermissionBodySchema = z.object({
  customerId: idTextSchema,
  permission: z.boolean(),
});
export type CustomerPermissionBody = z.infer<typeof customerPermissionBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: z.email().max(254) });

export const resetLinkParamsSchema = z.object({
  userId: idTextSchema,
  token: text().min(16).max(128),
});

export const resetPasswordBodySchema = z.object({
  userId: idTextSchema,
  token: text().min(16).max(128),
  password: newPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const verifyCodeBodySchema = z.object({
  email: z.email().max(254),
  code: text().trim().regex(/^\d{6}$/, 'the code has 6 digits'),
});

/** A fresh reset link, as /code-verification gets it in exchange for the mailed code. */
export const resetLinkResponseSchema = z.object({ result: z.object({ userId: z.number().int(), token: z.string() }) });

export const linkValidityResponseSchema = z.object({ result: z.object({ valid: z.boolean() }) });

/** Own profile: GET /api/auth/me/profile. */
export const profileSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  roleId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  department: z.string(),
  officePhone: z.string(),
  mobile: z.string(),
  profile: z.string().nullable().describe('URL of the profile image'),
  showDefaultPage: z.boolean(),
  language: userLanguageSchema.describe('The language of the e-mails the user receives'),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ result: profileSchema });

const phoneSchema = text().trim().max(40).regex(/^[\d\s()+.-]*$/, 'digits, spaces and + ( ) - . only');

/** The `updateInfo` JSON part of PUT /api/auth/me/profile. */
export const profileUpdateSchema = z.object({
  first_name: text().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  last_name: text().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  department: text().trim().max(NAME_MAX_LENGTH).optional(),
  officePhone: phoneSchema.optional(),
  mobile: phoneSchema.optional(),
  showDefaultPage: z.boolean().optional(),
  removeProfileImage: z.boolean().optional(),
  language: userLanguageSchema.optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The `updateInfo` JSON part of PUT /api/auth/me/company-info. */
export const companyInfoUpdateSchema = z.object({
  companyName: text().trim().min(1).max(NAME_MAX_LENGTH).optional(),
  description: text().max(2000).optional(),
  country: text().trim().max(60).optional(),
  contactPhone: phoneSchema.optional(),
  contactHour: text().trim().max(100).optional(),
  contactEmail: z.union([z.literal(''), z.email().max(254)]).optional(),
  website: z.union([z.literal(''), storable(z.url({ protocol: /^https?$/ }).max(500))]).optional(),
  sns: z.array(z.object({ type: text().trim().min(1).max(40), url: storable(z.url({ protocol: /^https?$/ }).max(500)) })).max(20).optional(),
  gcps: z
    .array(gcpSchema)
    .min(1)
    .max(20)
    .optional()
    .describe('The complete list of company prefixes; one that another company holds, or that live products still use (when removed), is refused'),
  removePrimaryLogo: z.boolean().optional(),
  timeZone: timeZoneSchema.optional().describe("IANA time zone of the company's analytics days and hours"),
});
export type CompanyInfoUpdate = z.infer<typeof companyInfoUpdateSchema>;
export const companyInfoUpdateResponseSchema = z.object({ result: companySchema });

export const primaryLogoResponseSchema = z.object({ result: z.object({ primaryLogo: z.string().nullable() }) });

/** PUT /api/auth/me/password */
export const changePasswordBodySchema = z.object({
  oldPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  password: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
