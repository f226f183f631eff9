import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  emailDomainOf,
  ROLE,
  type RoleId,
  type SsoJitRole,
  type SsoLookupResponse,
  type SsoSettings,
  type SsoSettingsBody,
  type SsoSignInBody,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Publish } from '../../events.js';
import { companyNotAuthorized, ssoDiscoveryFailed, ssoDomainTaken, ssoNoAccount, ssoNotConfigured, validationFailed } from '../../errors.js';
import { issueTokenPair, normalizeEmail, toUser, type SignInResult, type TokenPair } from '../auth/service.js';
import { hashPassword } from '../auth/passwords.js';
import { users } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import type { KeySealer } from '../credentials/keys.js';
import { createKeySealer } from '../credentials/keys.js';
import { isPrivateHost } from '../epcis/subscriptions-webhook.js';
import { assertSubAdminAllowed } from '../plans/limits.js';
import type { TokenService } from '../auth/tokens.js';
import { companyEmailDomains, companySso, type CompanySsoRow } from './tables.js';
import { checkDiscovery } from './discovery.js';

/** The HKDF info string of stored OpenID Connect client secrets: never another sealer's. */
export const SSO_SECRETS_PURPOSE = 'sso client secrets v1';

export function createSsoSecretSealer(secret: string): KeySealer {
  return createKeySealer(secret, SSO_SECRETS_PURPOSE);
}

const JIT_ROLE_IDS: Record<SsoJitRole, RoleId | null> = { off: null, 'sub-admin': ROLE.SUB_ADMIN, manager: ROLE.MANAGER };

function jitRoleOf(roleId: number | null): SsoJitRole {
  if (roleId === ROLE.MANAGER) return 'manager';
  if (roleId === ROLE.SUB_ADMIN) return 'sub-admin';
  return 'off';
}

async function domainsOf(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ domain: companyEmailDomains.domain })
    .from(companyEmailDomains)
    .where(eq(companyEmailDomains.companyId, companyId))
    .orderBy(companyEmailDomains.domain);
  return rows.map((row) => row.domain);
}

function toSettings(row: CompanySsoRow, domains: string[]): SsoSettings {
  return {
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecretSet: row.clientSecretSealed.length > 0,
    domains,
    jitRole: jitRoleOf(row.jitRoleId),
    mandatory: row.mandatory,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getSsoSettings(db: Db, companyId: number): Promise<SsoSettings | null> {
  const [row] = await db.select().from(companySso).where(eq(companySso.companyId, companyId));
  return row ? toSettings(row, await domainsOf(db, companyId)) : null;
}

export interface SsoPolicy {
  /** Plain-http and private or loopback issuers accepted (development and tests). */
  allowInsecureIssuers: boolean;
  discoveryTimeoutMs: number;
}

/** Whether the issuer may be used at all: https and a public host, unless the operator allows otherwise. */
function issuerProblem(issuer: string, policy: SsoPolicy): string | null {
  const url = new URL(issuer);
  if (url.username || url.password) return 'must not carry credentials';
  if (url.search || url.hash) return 'must not have a query or fragment';
  if (policy.allowInsecureIssuers) return null;
  if (url.protocol !== 'https:') return 'must be an https address';
  if (isPrivateHost(url.hostname)) return 'a private or loopback host is not allowed';
  return null;
}

/**
 * Saves a company's provider. The discovery document must answer first (outside the
 * transaction: a slow provider holds no lock); the domains are replaced in one transaction, and
 * one that another company holds refuses the whole save (E409030, with the domain's field).
 */
export async function saveSsoSettings(db: Db, sealer: KeySealer, policy: SsoPolicy, companyId: number, body: SsoSettingsBody): Promise<SsoSettings> {
  const problem = issuerProblem(body.issuer, policy);
  if (problem) throw validationFailed([{ path: 'issuer', message: problem }]);
  const [existing] = await db.select().from(companySso).where(eq(companySso.companyId, companyId));
  if (!existing && body.clientSecret === undefined) throw validationFailed([{ path: 'clientSecret', message: 'is required the first time' }]);

  const takenDetails = async (tx: Db) => {
    const taken = await tx
      .select({ domain: companyEmailDomains.domain })
      .from(companyEmailDomains)
      .where(and(inArray(companyEmailDomains.domain, body.domains), ne(companyEmailDomains.companyId, companyId)));
    const takenSet = new Set(taken.map((row) => row.domain));
    return body.domains.flatMap((domain, index) =>
      takenSet.has(domain) ? [{ path: `domains.${index}`, message: `${domain} belongs to another company` }] : [],
    );
  };
  const takenBefore = await takenDetails(db);
  if (takenBefore.length > 0) throw ssoDomainTaken(takenBefore);

  const discoveryProblem = await checkDiscovery(body.issuer, policy.discoveryTimeoutMs);
  if (discoveryProblem) throw ssoDiscoveryFailed([{ path: 'issuer', message: discoveryProblem }]);

  const values = {
    issuer: body.issuer,
    clientId: body.clientId,
    jitRoleId: JIT_ROLE_IDS[body.jitRole],
    mandatory: body.mandatory,
    updatedAt: new Date(),
    ...(body.clientSecret !== undefined ? { clientSecretSealed: sealer.seal(body.clientSecret) } : {}),
  };
  await db.transaction(async (tx) => {
    if (existing) {
      await tx.update(companySso).set(values).where(eq(companySso.companyId, companyId));
    } else {
      await tx.insert(companySso).values({ companyId, clientSecretSealed: sealer.seal(body.clientSecret!), ...values });
    }
    await tx.delete(companyEmailDomains).where(eq(companyEmailDomains.companyId, companyId));
    const inserted = await tx
      .insert(companyEmailDomains)
      .values(body.domains.map((domain) => ({ domain, companyId })))
      .onConflictDoNothing({ target: companyEmailDomains.domain })
      .returning({ domain: companyEmailDomains.domain });
    // Another company claimed one of them since the check above.
    if (inserted.length !== body.domains.length) throw ssoDomainTaken(await takenDetails(tx));
  });
  return (await getSsoSettings(db, companyId))!;
}

export async function deleteSsoSettings(db: Db, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(companyEmailDomains).where(eq(companyEmailDomains.companyId, companyId));
    await tx.delete(companySso).where(eq(companySso.companyId, companyId));
  });
}

/** The provider of the company that holds the e-mail's domain (the gateway starts its sign-in with it). */
export async function lookupSso(db: Db, sealer: KeySealer, email: string): Promise<SsoLookupResponse> {
  const [row] = await db
    .select({ sso: companySso })
    .from(companyEmailDomains)
    .innerJoin(companySso, eq(companySso.companyId, companyEmailDomains.companyId))
    .where(eq(companyEmailDomains.domain, emailDomainOf(normalizeEmail(email))));
  if (!row) throw ssoNotConfigured();
  return {
    companyId: row.sso.companyId,
    issuer: row.sso.issuer,
    clientId: row.sso.clientId,
    clientSecret: sealer.open(row.sso.clientSecretSealed),
    domains: await domainsOf(db, row.sso.companyId),
  };
}

/**
 * Signs in the person a validated ID token names (the gateway checked issuer, audience, nonce,
 * signature and `email_verified`). The e-mail's domain must be the company's; an existing user
 * must be the company's (a domain claim never reaches another company's accounts); an unknown
 * one is created with the company's just-in-time role, or refused when that is off.
 */
export async function ssoSignIn(db: Db, tokens: TokenService, body: SsoSignInBody, publish: Publish): Promise<SignInResult> {
  const email = normalizeEmail(body.email);
  const [sso] = await db
    .select({ sso: companySso, permission: companies.permission })
    .from(companySso)
    .innerJoin(companies, eq(companies.id, companySso.companyId))
    .where(eq(companySso.companyId, body.companyId));
  if (!sso || sso.sso.issuer !== body.issuer) throw ssoNotConfigured();
  const [domain] = await db
    .select({ companyId: companyEmailDomains.companyId })
    .from(companyEmailDomains)
    .where(eq(companyEmailDomains.domain, emailDomainOf(email)));
  if (domain?.companyId !== body.companyId) throw ssoNoAccount();
  if (!sso.permission) throw companyNotAuthorized();

  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing && (existing.roleId === ROLE.SUPER_ADMIN || existing.companyId !== body.companyId)) throw ssoNoAccount();
  const jitRoleId = sso.sso.jitRoleId as RoleId | null;
  if (!existing && jitRoleId === null) throw ssoNoAccount();

  const issued = await db.transaction(async (tx) => {
    let user = existing;
    if (user) {
      [user] = await tx
        .update(users)
        .set({ lastLoginAt: new Date(), joinedAt: user.joinedAt ?? new Date() })
        .where(eq(users.id, user.id))
        .returning();
    } else {
      // Serialises additions per company, so that two at once cannot both pass the plan's limit.
      await tx.execute(sql`select id from ${companies} where ${companies.id} = ${body.companyId} for update`);
      if (jitRoleId === ROLE.SUB_ADMIN) await assertSubAdminAllowed(tx, body.companyId);
      [user] = await tx
        .insert(users)
        .values({
          companyId: body.companyId,
          email,
          // Nobody knows it: the user signs in through the provider (or resets a password, unless SSO is mandatory).
          passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
          roleId: jitRoleId!,
          firstName: body.givenName?.trim() ?? '',
          lastName: body.familyName?.trim() ?? '',
          lastLoginAt: new Date(),
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!user) throw ssoNoAccount();
    }
    const pair: TokenPair = await issueTokenPair(tx, tokens, {
      userId: user.id,
      roleId: user.roleId as RoleId,
      ownCompanyId: user.companyId,
      actingCompanyId: null,
      familyId: randomUUID(),
    });
    return { pair, user, created: !existing };
  });
  if (issued.created && issued.user.roleId === ROLE.SUB_ADMIN) await publish({ type: 'planUsage.changed', companyId: body.companyId, resource: 'subAdmin' });
  const [company] = await db
    .select({ serviceName: companies.serviceName, companyName: companies.companyName })
    .from(companies)
    .where(eq(companies.id, body.companyId));
  return { Authorization: issued.pair.Authorization, authToken: issued.pair.authToken, user: toUser(issued.user, company) };
}
