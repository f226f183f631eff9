import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ERROR_CODES,
  MESSAGES,
  RESERVED_SERVICE_NAMES,
  ROLE,
  serviceNameSchema,
  type ResetPasswordBody,
  type ServiceNameCheck,
  type SignUpNewUser,
} from '@product-console/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { sendInBackground, type Mailer } from '../../plugins/mailer.js';
import { companies } from '../companies/tables.js';
import { companyRegisteredEvent, notifySuperAdmins } from '../notifications/events.js';
import { plans, subscriptions } from '../plans/tables.js';
import { consumeAccountToken, consumeResetCode, isAccountTokenValid, issueAccountToken } from './account-tokens.js';
import { hashPassword } from './passwords.js';
import { normalizeEmail, revokeOtherSessions } from './service.js';
import { users } from './tables.js';

export const serviceNameTaken = () => new AppError(409, ERROR_CODES.SERVICE_NAME_TAKEN, MESSAGES.serviceNameTaken);
export const emailTaken = () => new AppError(409, ERROR_CODES.EMAIL_TAKEN, MESSAGES.emailTaken);
export const linkInvalid = () => new AppError(400, ERROR_CODES.LINK_INVALID, MESSAGES.linkInvalid);

/** Whether a service name can be taken by a new company, and if not, why. */
export async function checkServiceName(db: Db, candidate: string): Promise<ServiceNameCheck> {
  const parsed = serviceNameSchema.safeParse(candidate);
  if (!parsed.success) return { available: false, reason: 'invalid' };
  if (RESERVED_SERVICE_NAMES.includes(parsed.data)) return { available: false, reason: 'reserved' };
  const [taken] = await db.select({ id: companies.id }).from(companies).where(eq(companies.serviceName, parsed.data));
  return taken ? { available: false, reason: 'taken' } : { available: true, reason: null };
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  // node-postgres and PGlite both expose the SQLSTATE and constraint; drizzle wraps them in `cause`.
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return current.constraint === undefined || current.constraint.includes(constraint);
  }
  return false;
}

export interface SignUpResult {
  companyId: number;
  userId: number;
  serviceName: string;
  email: string;
}

/**
 * Registers a company and its manager. The company starts unapproved (its users get
 * E401004) and subscribes to the sign-up plan; the super-admins are notified. The logo, if
 * any, is stored by the caller once the ids exist.
 */
export async function signUp(db: Db, config: Pick<Config, 'SIGN_UP_PLAN'>, body: SignUpNewUser): Promise<SignUpResult> {
  const check = await checkServiceName(db, body.service_name);
  if (check.reason === 'taken') throw serviceNameTaken();
  if (!check.available) {
    throw new AppError(400, ERROR_CODES.VALIDATION, MESSAGES.validation, [{ path: 'newUser.service_name', message: `service name is ${check.reason}` }]);
  }
  const email = normalizeEmail(body.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw emailTaken();

  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [company] = await tx
        .insert(companies)
        .values({
          companyName: body.company_name,
          serviceName: body.service_name,
          categoryId: body.category_id,
          gcps: [...new Set(body.gcps)],
          contactEmail: email,
          permission: false,
        })
        .returning({ id: companies.id, serviceName: companies.serviceName });
      const [user] = await tx
        .insert(users)
        .values({
          companyId: company.id,
          email,
          passwordHash,
          roleId: ROLE.MANAGER,
          firstName: body.first_name,
          lastName: body.last_name,
          department: body.department,
        })
        .returning({ id: users.id });
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, config.SIGN_UP_PLAN));
      if (plan) {
        await tx.insert(subscriptions).values({ companyId: company.id, planId: plan.id, startDate: sql`current_date`, status: 'active' });
      }
      await notifySuperAdmins(tx, companyRegisteredEvent(body.company_name));
      return { companyId: company.id, userId: user.id, serviceName: company.serviceName, email };
    });
  } catch (error) {
    // Two sign-ups racing for the same name or address: the loser gets the same answer as if it came second.
    if (isUniqueViolation(error, 'service_name')) throw serviceNameTaken();
    if (isUniqueViolation(error, 'email')) throw emailTaken();
    throw error;
  }
}

export interface MailContext {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  config: Pick<Config, 'PUBLIC_URL' | 'RESET_TOKEN_TTL_SECONDS' | 'INVITATION_TTL_SECONDS'>;
}

export function publicLink(config: Pick<Config, 'PUBLIC_URL'>, path: string): string {
  return new URL(path, config.PUBLIC_URL).toString();
}

/**
 * Starts a password reset: mails a single-use link and a 6-digit code to the address when it
 * belongs to a member who has joined. The answer is the same either way and the mail goes out
 * in the background, so neither the answer nor its timing tells whether the address exists.
 */
export async function requestPasswordReset(context: MailContext, emailInput: string): Promise<void> {
  const { db, config } = context;
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.email, normalizeEmail(emailInput)), isNotNull(users.joinedAt)));
  if (!user) return;
  const issued = await issueAccountToken(db, user.id, 'password-reset', config.RESET_TOKEN_TTL_SECONDS, true);
  const link = publicLink(config, `/reset-password/${user.id}/${issued.token}`);
  const minutes = Math.round(config.RESET_TOKEN_TTL_SECONDS / 60);
  sendInBackground(context.mailer, context.log, {
    to: user.email,
    subject: 'Reset your password',
    links: [link],
    text: [
      `Hello ${user.firstName},`,
      '',
      'Someone asked to reset the password of your Product Console account.',
      'Open this link to choose a new password:',
      '',
      link,
      '',
      `Or enter this verification code: ${issued.code}`,
      '',
      `The link and the code work once and expire in ${minutes} minutes.`,
      'If you did not ask for this, ignore this message; your password stays as it is.',
    ].join('\n'),
  });
}

export async function isResetLinkValid(db: Db, userId: number, token: string): Promise<boolean> {
  return isAccountTokenValid(db, userId, 'password-reset', token);
}

/** Sets a new password from a reset link (single use) and ends every session of the user. */
export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, body.userId, 'password-reset', body.token))) throw linkInvalid();
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, body.userId));
    await revokeOtherSessions(tx, body.userId, null);
  });
}

/**
 * /code-verification: exchanges the mailed 6-digit code for a fresh reset link. Unknown
 * addresses and wrong codes get the same 400.
 */
export async function exchangeResetCode(db: Db, config: MailContext['config'], emailInput: string, code: string): Promise<{ userId: number; token: string }> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalizeEmail(emailInput)));
  if (!user || !(await consumeResetCode(db, user.id, code))) throw linkInvalid();
  const issued = await issueAccountToken(db, user.id, 'password-reset', config.RESET_TOKEN_TTL_SECONDS);
  return { userId: user.id, token: issued.token };
}
