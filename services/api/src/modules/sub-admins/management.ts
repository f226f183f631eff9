import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  ACCESS_RESOURCES,
  ROLE,
  type AcceptInvitationBody,
  type PageInfo,
  type SubAdmin,
  type SubAdminAccessBody,
  type SubAdminNewUser,
} from '@product-console/shared';
import type { Db } from '../../db/client.js';
import type { Publish } from '../../events.js';
import { mailMessages } from '../../mail/catalogue.js';
import { alreadyJoined, emailTaken, linkInvalid, notFound, validationFailed } from '../../errors.js';
import { publicLink, type MailContext } from '../auth/accounts.js';
import { consumeAccountToken, isAccountTokenValid, issueAccountToken } from '../auth/account-tokens.js';
import { hashPassword } from '../auth/passwords.js';
import { normalizeEmail } from '../auth/service.js';
import { accountTokens, users, type UserRow } from '../auth/tables.js';
import { companies } from '../companies/tables.js';
import { assertSubAdminAllowed, canAddSubAdmin } from '../plans/limits.js';
import { projects } from '../projects/tables.js';
import { subAdminAccess, type AccessInfo } from './tables.js';

/** Flags of every resource, writing implying reading; resources without any flag are left out. */
export function normalizeAccessInfo(accessInfo: AccessInfo): AccessInfo {
  const normalized: AccessInfo = {};
  for (const resource of ACCESS_RESOURCES) {
    const flags = accessInfo[resource];
    if (!flags) continue;
    const r = flags.r || flags.w;
    if (r) normalized[resource] = { r, w: flags.w };
  }
  return normalized;
}

/** Every resource with explicit flags, for the console's access editor. */
export function fullAccessInfo(accessInfo: AccessInfo | undefined): AccessInfo {
  return Object.fromEntries(
    ACCESS_RESOURCES.map((resource) => [resource, { r: accessInfo?.[resource]?.r ?? false, w: accessInfo?.[resource]?.w ?? false }]),
  );
}

async function findSubAdmin(db: Db, companyId: number, subAdminId: number): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, subAdminId), eq(users.companyId, companyId), eq(users.roleId, ROLE.SUB_ADMIN)));
  if (!row) throw notFound();
  return row;
}

async function toSubAdmins(db: Db, rows: UserRow[]): Promise<SubAdmin[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const access = await db
    .select({ userId: subAdminAccess.userId, projectId: subAdminAccess.projectId })
    .from(subAdminAccess)
    .where(inArray(subAdminAccess.userId, ids))
    .orderBy(asc(subAdminAccess.projectId));
  const invitations = await db
    .select({ userId: accountTokens.userId, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt, usedAt: accountTokens.usedAt })
    .from(accountTokens)
    .where(and(inArray(accountTokens.userId, ids), eq(accountTokens.purpose, 'invitation')))
    .orderBy(desc(accountTokens.createdAt), desc(accountTokens.id));
  const latestInvitation = new Map<number, (typeof invitations)[number]>();
  for (const invitation of invitations) if (!latestInvitation.has(invitation.userId)) latestInvitation.set(invitation.userId, invitation);

  const now = Date.now();
  return rows.map((row) => {
    const invitation = latestInvitation.get(row.id);
    const joined = row.joinedAt !== null;
    const invitationLive = invitation !== undefined && invitation.usedAt === null && invitation.expiresAt.getTime() > now;
    return {
      user_id: row.id,
      company_id: row.companyId ?? 0,
      first_name: row.firstName,
      last_name: row.lastName,
      department: row.department,
      email: row.email,
      active: { joined, invitedAt: invitation?.createdAt.toISOString() ?? null, expired: !joined && !invitationLive },
      lastUpdated: row.updatedAt.toISOString(),
      projectIds: access.filter((entry) => entry.userId === row.id).map((entry) => entry.projectId),
    };
  });
}

export async function listSubAdmins(
  db: Db,
  companyId: number,
  query: { page: number; size: number },
): Promise<{ canAdd: boolean; result: SubAdmin[]; pageInfo: PageInfo }> {
  const where = and(eq(users.companyId, companyId), eq(users.roleId, ROLE.SUB_ADMIN));
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  return {
    canAdd: await canAddSubAdmin(db, companyId),
    result: await toSubAdmins(db, rows),
    pageInfo: { total, page: query.page, size: query.size },
  };
}

/**
 * Creates a sub-admin of the company, refused at the plan's sub-admin limit (E403003). With a
 * password the member can sign in at once; without one it joins through an invitation.
 */
/**
 * Creates a sub-admin of the company. The member's mails (the invitation first) are in the
 * language of the manager who adds it, `inviterId`, until the member chooses another in its profile.
 */
export async function createSubAdmin(db: Db, companyId: number, body: SubAdminNewUser, publish: Publish, inviterId?: number): Promise<SubAdmin> {
  if (body.company_id !== undefined && body.company_id !== companyId) {
    throw validationFailed([{ path: 'newUser.company_id', message: 'must be your company' }]);
  }
  const email = normalizeEmail(body.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw emailTaken();
  const password = body.password || undefined;
  const [inviter] = inviterId === undefined ? [] : await db.select({ language: users.language }).from(users).where(eq(users.id, inviterId));
  // A member without a password yet gets an unguessable one nobody knows.
  const passwordHash = await hashPassword(password ?? randomBytes(32).toString('base64url'));

  const created = await db.transaction(async (tx) => {
    // Serialises additions per company, so that two at once cannot both pass the limit.
    await tx.execute(sql`select id from ${companies} where ${companies.id} = ${companyId} for update`);
    await assertSubAdminAllowed(tx, companyId);
    const [row] = await tx
      .insert(users)
      .values({
        companyId,
        email,
        passwordHash,
        roleId: ROLE.SUB_ADMIN,
        firstName: body.first_name,
        lastName: body.last_name,
        department: body.department,
        language: inviter?.language ?? 'en',
        joinedAt: password ? new Date() : null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw emailTaken();
    return row;
  });
  await publish({ type: 'planUsage.changed', companyId, resource: 'subAdmin' });
  const [subAdmin] = await toSubAdmins(db, [created]);
  return subAdmin;
}

export const INVITATION_MAIL = 'invitation';

/**
 * Mails a (new) invitation link to a sub-admin who has not joined; earlier links stop working. The
 * invitation is recorded at once (the member list says "Invited" with its expiry in the answer's
 * wake) by a link issued here and never sent; the mail job issues the link it sends, which replaces
 * that one, so no usable link is ever kept outside the hashed account tokens.
 */
export async function inviteSubAdmin(context: MailContext, companyId: number, subAdminId: number): Promise<void> {
  const { db, config } = context;
  const member = await findSubAdmin(db, companyId, subAdminId);
  if (member.joinedAt !== null) throw alreadyJoined();
  await db.transaction(async (tx) => {
    await issueAccountToken(tx, member.id, 'invitation', config.INVITATION_TTL_SECONDS);
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, member.id));
    await context.mailer.send({ kind: INVITATION_MAIL, to: member.email, data: { userId: member.id } }, tx);
  });
}

/** How invitations are made when their mail job runs: a member who joined meanwhile gets none. */
export function defineInvitationMail({ db, mailer, config }: Omit<MailContext, 'log'>): void {
  mailer.define(INVITATION_MAIL, async ({ data }) => {
    const userId = Number(data?.userId);
    const [member] = await db
      .select({ id: users.id, firstName: users.firstName, language: users.language, joinedAt: users.joinedAt, companyName: companies.companyName })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, userId));
    if (!member || member.joinedAt !== null) return null;
    const issued = await issueAccountToken(db, member.id, 'invitation', config.INVITATION_TTL_SECONDS);
    const link = publicLink(config, `/new-member/${member.id}?token=${encodeURIComponent(issued.token)}`);
    const days = Math.max(1, Math.round(config.INVITATION_TTL_SECONDS / 86_400));
    return { ...mailMessages(member.language).invitation({ firstName: member.firstName, companyName: member.companyName, link, days }), links: [link] };
  });
}

/** Replaces the sub-admin's access on the listed projects; flags all off removes the access. */
export async function setSubAdminAccess(db: Db, companyId: number, body: SubAdminAccessBody): Promise<void> {
  await findSubAdmin(db, companyId, body.subAdminId);
  const projectIds = [...new Set(body.projectIds)];
  const own = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), inArray(projects.id, projectIds)));
  if (own.length !== projectIds.length) throw notFound();
  const access = normalizeAccessInfo(body.accessInfo);
  await db.transaction(async (tx) => {
    if (Object.keys(access).length === 0) {
      await tx.delete(subAdminAccess).where(and(eq(subAdminAccess.userId, body.subAdminId), inArray(subAdminAccess.projectId, projectIds)));
    } else {
      await tx
        .insert(subAdminAccess)
        .values(projectIds.map((projectId) => ({ userId: body.subAdminId, projectId, access })))
        .onConflictDoUpdate({ target: [subAdminAccess.userId, subAdminAccess.projectId], set: { access } });
    }
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, body.subAdminId));
  });
}

export async function getSubAdminAccess(db: Db, companyId: number, subAdminId: number, projectId: number): Promise<AccessInfo> {
  await findSubAdmin(db, companyId, subAdminId);
  const [project] = await db.select({ id: projects.id }).from(projects).where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)));
  if (!project) throw notFound();
  const [row] = await db
    .select({ access: subAdminAccess.access })
    .from(subAdminAccess)
    .where(and(eq(subAdminAccess.userId, subAdminId), eq(subAdminAccess.projectId, projectId)));
  return fullAccessInfo(row?.access);
}

export async function deleteSubAdmin(db: Db, companyId: number, subAdminId: number, publish: Publish): Promise<void> {
  await findSubAdmin(db, companyId, subAdminId);
  await db.delete(users).where(and(eq(users.id, subAdminId), eq(users.companyId, companyId), eq(users.roleId, ROLE.SUB_ADMIN)));
  await publish({ type: 'planUsage.changed', companyId, resource: 'subAdmin' });
}

// ---- The invited member's side: /new-member/{userId} ----

export async function getInvitation(db: Db, userId: number, token: string) {
  if (!(await isAccountTokenValid(db, userId, 'invitation', token))) throw linkInvalid();
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, companyName: companies.companyName })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), isNull(users.joinedAt)));
  if (!row) throw linkInvalid();
  return row;
}

/** Sets the invited member's password (single-use link) and tells the company's managers. */
export async function acceptInvitation(db: Db, body: AcceptInvitationBody, publish: Publish): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const joined = await db.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, body.userId, 'invitation', body.token))) throw linkInvalid();
    const [member] = await tx
      .update(users)
      .set({ passwordHash, joinedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, body.userId), isNull(users.joinedAt)))
      .returning();
    if (!member?.companyId) throw linkInvalid();
    const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
    return { companyId: member.companyId, name };
  });
  await publish({ type: 'subAdmin.joined', ...joined });
}
