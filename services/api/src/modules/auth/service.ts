import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { emailDomainOf, ROLE, type RoleId, type SignInBody, type User } from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../access/auth-context.js';
import {
  companyNotAuthorized,
  forbidden,
  invalidCredentials,
  notFound,
  refreshInvalid,
  ssoRequired,
  unauthenticated,
} from '../../errors.js';
import { companies } from '../companies/tables.js';
import { companyEmailDomains, companySso } from '../sso/tables.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { refreshTokens, users, type UserRow } from './tables.js';
import { hashRefreshToken, type AccessClaims, type TokenService } from './tokens.js';

export interface TokenPair {
  Authorization: string;
  authToken: string;
}

export interface SignInResult extends TokenPair {
  user: User;
}

export interface RefreshResult extends TokenPair {
  isSwitch: boolean;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Checks a verified access token against the database on every request: the user must
 * still exist and, unless a super-admin, belong to a company that is still approved.
 */
export async function loadAuthContext(db: Db, claims: AccessClaims): Promise<AuthContext> {
  const familyId = claims.familyId ?? null;
  // A session ended elsewhere (sign-out, password change) has no live refresh token left.
  const sessionLive = familyId
    ? sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${familyId} and ${refreshTokens.revokedAt} is null and ${refreshTokens.userId} = ${users.id})`
    : sql<boolean>`true`;
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId, companyId: users.companyId, permission: companies.permission, sessionLive })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, claims.userId));
  if (!row || !row.sessionLive) throw unauthenticated();
  const roleId = row.roleId as RoleId;

  if (roleId !== ROLE.SUPER_ADMIN) {
    if (!row.permission) throw companyNotAuthorized();
    return { userId: row.id, roleId, companyId: row.companyId, ownCompanyId: row.companyId, isSwitched: false, familyId };
  }

  if (claims.actingCompanyId === null) {
    return { userId: row.id, roleId, companyId: null, ownCompanyId: null, isSwitched: false, familyId };
  }
  const [acting] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, claims.actingCompanyId));
  if (!acting) throw unauthenticated();
  return { userId: row.id, roleId, companyId: acting.id, ownCompanyId: null, isSwitched: true, familyId };
}

/** The user as the console sees it while acting for `companyId` (null: no company). */
export async function getUserView(db: Db, userId: number, companyId: number | null): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthenticated();
  const company = companyId === null ? undefined : (await db.select().from(companies).where(eq(companies.id, companyId)))[0];
  return toUser(user, company ? { serviceName: company.serviceName, companyName: company.companyName } : undefined);
}

export function toUser(user: UserRow, company: { serviceName: string; companyName: string } | undefined): User {
  return {
    userId: user.id,
    username: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
    roleId: user.roleId as RoleId,
    serviceName: company?.serviceName ?? '',
    companyName: company?.companyName ?? '',
    profile: user.profileImage,
    showDefaultPage: user.showDefaultPage,
    firstName: user.firstName,
    lastName: user.lastName,
    department: user.department,
    officePhone: user.officePhone,
    mobile: user.mobile,
    customDomain: user.customDomain,
    isLoggedIn: true,
  };
}

export interface IssueRequest {
  userId: number;
  roleId: RoleId;
  ownCompanyId: number | null;
  actingCompanyId: number | null;
  familyId: string;
}

export async function issueTokenPair(db: Db, tokens: TokenService, request: IssueRequest): Promise<TokenPair & { refreshTokenId: number }> {
  const refresh = tokens.newRefreshToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({
      familyId: request.familyId,
      userId: request.userId,
      actingCompanyId: request.actingCompanyId,
      tokenHash: refresh.hash,
      expiresAt: refresh.expiresAt,
    })
    .returning({ id: refreshTokens.id });
  const accessToken = await tokens.signAccessToken({
    userId: request.userId,
    roleId: request.roleId,
    companyId: request.ownCompanyId,
    actingCompanyId: request.actingCompanyId,
    familyId: request.familyId,
  });
  return { Authorization: `Bearer ${accessToken}`, authToken: refresh.token, refreshTokenId: row.id };
}

/**
 * Whether password sign-in is refused because the e-mail's domain belongs to a company that made
 * single sign-on mandatory (decision 087): for an unknown e-mail and for the company's own users;
 * never for a super-admin, nor for a user of another company who happens to have that domain.
 */
async function ssoMandatoryFor(db: Db, email: string, user: UserRow | null): Promise<boolean> {
  const [row] = await db
    .select({ companyId: companySso.companyId })
    .from(companyEmailDomains)
    .innerJoin(companySso, and(eq(companySso.companyId, companyEmailDomains.companyId), eq(companySso.mandatory, true)))
    .where(eq(companyEmailDomains.domain, emailDomainOf(email)));
  if (!row) return false;
  return user === null || (user.roleId !== ROLE.SUPER_ADMIN && user.companyId === row.companyId);
}

export async function signIn(db: Db, tokens: TokenService, body: SignInBody): Promise<SignInResult> {
  const [found] = await db
    .select({ user: users, company: companies })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, normalizeEmail(body.email)));

  if (await ssoMandatoryFor(db, normalizeEmail(body.email), found?.user ?? null)) throw ssoRequired();

  // Unknown email and wrong password must be indistinguishable, in answer and in time.
  const passwordMatches = found ? await verifyPassword(found.user.passwordHash, body.password) : await verifyAgainstDummy(body.password);
  if (!found || !passwordMatches) throw invalidCredentials();

  const { user, company } = found;
  const roleId = user.roleId as RoleId;
  if (roleId !== ROLE.SUPER_ADMIN && !company?.permission) throw companyNotAuthorized();

  const pair = await db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
    return issueTokenPair(tx, tokens, {
      userId: user.id,
      roleId,
      ownCompanyId: user.companyId,
      actingCompanyId: null,
      familyId: randomUUID(),
    });
  });
  return {
    Authorization: pair.Authorization,
    authToken: pair.authToken,
    user: toUser(user, company ?? undefined),
  };
}

/** Ends every session of a user except `keepFamilyId` (the caller's own), e.g. after a password change. */
export async function revokeOtherSessions(db: Db, userId: number, keepFamilyId: string | null): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamilyId) conditions.push(ne(refreshTokens.familyId, keepFamilyId));
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(...conditions));
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Rotates a refresh token: the presented token is revoked and replaced by a new one of the
 * same family. A token presented after it was rotated or revoked means it leaked: the
 * whole family is revoked.
 */
export async function refresh(db: Db, tokens: TokenService, presented: string): Promise<RefreshResult> {
  const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
  if (!current) throw refreshInvalid();
  if (current.revokedAt !== null || current.replacedById !== null) {
    await revokeFamily(db, current.familyId);
    throw refreshInvalid();
  }
  if (current.expiresAt.getTime() <= Date.now()) throw refreshInvalid();

  const [owner] = await db
    .select({ user: users, permission: companies.permission })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, current.userId));
  if (!owner) throw refreshInvalid();
  const roleId = owner.user.roleId as RoleId;
  if (roleId !== ROLE.SUPER_ADMIN && !owner.permission) throw companyNotAuthorized();

  const rotated = await db.transaction(async (tx) => {
    // Only one of two concurrent refreshes of the same token may win the rotation.
    const claimed = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.id, current.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return null;
    const pair = await issueTokenPair(tx, tokens, {
      userId: owner.user.id,
      roleId,
      ownCompanyId: owner.user.companyId,
      actingCompanyId: current.actingCompanyId,
      familyId: current.familyId,
    });
    await tx.update(refreshTokens).set({ replacedById: pair.refreshTokenId }).where(eq(refreshTokens.id, current.id));
    return pair;
  });
  if (!rotated) {
    await revokeFamily(db, current.familyId);
    throw refreshInvalid();
  }
  return { Authorization: rotated.Authorization, authToken: rotated.authToken, isSwitch: current.actingCompanyId !== null };
}

/** Ends the session of a refresh token by revoking its whole family; unknown tokens are ignored. */
export async function signOut(db: Db, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const [current] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
  if (current) await revokeFamily(db, current.familyId);
}

/** Gives a super-admin a token pair acting for a customer company. */
export async function switchCustomer(db: Db, tokens: TokenService, auth: AuthContext, customerId: number): Promise<SignInResult> {
  if (auth.roleId !== ROLE.SUPER_ADMIN) throw forbidden();
  const [customer] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, customerId));
  if (!customer) throw notFound();
  const pair = await issueTokenPair(db, tokens, {
    userId: auth.userId,
    roleId: auth.roleId,
    ownCompanyId: auth.ownCompanyId,
    actingCompanyId: customer.id,
    familyId: randomUUID(),
  });
  return {
    Authorization: pair.Authorization,
    authToken: pair.authToken,
    user: await getUserView(db, auth.userId, customer.id),
  };
}
