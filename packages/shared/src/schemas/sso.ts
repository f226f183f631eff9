import { z } from 'zod';
import { idSchema, text } from './common.js';

/** Most e-mail domains one company signs in with. */
export const SSO_DOMAINS_MAX = 20;

/** How a company's staff meet single sign-on for the first time: created as this role, or not at all. */
export const SSO_JIT_ROLES = ['off', 'sub-admin', 'manager'] as const;
export type SsoJitRole = (typeof SSO_JIT_ROLES)[number];

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An e-mail domain as a company claims it: a host name in lower case (`example.com`). */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(DOMAIN, 'must be a domain name such as example.com');

/** The part of an e-mail address after its last `@`, in lower case. */
export function emailDomainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).trim().toLowerCase();
}

/**
 * PUT /api/auth/me/sso: a company's OpenID Connect provider. `clientSecret` is write-only: left
 * out, the stored one is kept (required the first time).
 */
export const ssoSettingsBodySchema = z.object({
  issuer: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .describe('The issuer URL exactly as the provider names itself (its discovery document is read on save)'),
  clientId: text().trim().min(1).max(255),
  clientSecret: text().min(1).max(1000).optional().describe('Write-only; left out, the stored secret is kept'),
  domains: z
    .array(ssoDomainSchema)
    .min(1)
    .max(SSO_DOMAINS_MAX)
    .refine((domains) => new Set(domains).size === domains.length, 'each domain once')
    .describe('E-mail domains of the company: each may belong to one company only'),
  jitRole: z.enum(SSO_JIT_ROLES).describe('Role of a user created at first sign-in; off = only existing users'),
  mandatory: z.boolean().describe('Refuse password sign-in for users of the company at these domains'),
});
export type SsoSettingsBody = z.infer<typeof ssoSettingsBodySchema>;

/** The settings as shown: never the secret, only that one is set. */
export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  domains: z.array(z.string()),
  jitRole: z.enum(SSO_JIT_ROLES),
  mandatory: z.boolean(),
  updatedAt: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoSettingsResponseSchema = z.object({
  result: ssoSettingsSchema.nullable(),
  redirectUri: z.string().describe('The address to register at the provider as the redirect URI'),
});
export type SsoSettingsResponse = z.infer<typeof ssoSettingsResponseSchema>;

/** POST /bff/auth/sso/start: the work e-mail that finds the company. */
export const ssoStartBodySchema = z.object({ email: z.email().max(254) });
export type SsoStartBody = z.infer<typeof ssoStartBodySchema>;

export const ssoStartResponseSchema = z.object({ redirectUrl: z.string() });

/** Internal (gateway only): the provider of the company owning the e-mail's domain. */
export const ssoLookupBodySchema = z.object({ email: z.email().max(254) });
export const ssoLookupResponseSchema = z.object({
  companyId: z.number().int(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  domains: z.array(z.string()),
});
export type SsoLookupResponse = z.infer<typeof ssoLookupResponseSchema>;

/** Internal (gateway only): what a validated ID token told about the person signing in. */
export const ssoSignInBodySchema = z.object({
  companyId: idSchema,
  issuer: text().min(1).max(500),
  subject: text().min(1).max(255),
  email: z.email().max(254),
  emailVerified: z.literal(true),
  givenName: text().max(100).optional(),
  familyName: text().max(100).optional(),
});
export type SsoSignInBody = z.infer<typeof ssoSignInBodySchema>;

/** Why a single sign-on ended on the sign-in page (`/login?sso=<reason>`): each has a message. */
export const SSO_FAILURE_REASONS = [
  'state',
  'provider',
  'unverified',
  'domain',
  'no-account',
  'not-approved',
  'unavailable',
] as const;
export type SsoFailureReason = (typeof SSO_FAILURE_REASONS)[number];
