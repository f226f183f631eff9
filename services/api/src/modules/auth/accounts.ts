import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  RESERVED_SERVICE_NAMES,
  ROLE,
  serviceNameSchema,
  type ResetPasswordBody,
  type ServiceNameCheck,
  type SignUpNewUser,
} from '@product-console/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Publish } from '../../events.js';
import { companyPrefixTaken, linkInvalid, serviceNameTaken, validationFailed } from '../../errors.js';
import { mailMessages } from '../../mail/catalogue.js';
import type { MailContent, Mailer } from '../../plugins/mailer.js';
import { lockCompanyPrefixes, prefixConflicts, takenPrefixErrors } from '../companies/prefixes.js';
import { companies } from '../companies/tables.js';
import { plans, subscriptions } from '../plans/tables.js';
import { consumeAccountToken, consumeResetCode, isAccountTokenValid, issueAccountToken, type IssuedToken } from './account-tokens.js';
import { hashPassword } from './passwords.js';
import { normalizeEmail, revokeOtherSessions } from './service.js';
import { users } from './tables.js';


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

export interface SignUpContext {
  db: Db;
  /** Publishes `company.registered` once the company is committed. */
  publish: Publish;
  mailer: Mailer;
  config: Pick<Config, 'SIGN_UP_PLAN' | 'PUBLIC_URL'>;
}

export interface SignUpResult {
  serviceName: string;
  email: string;
  /** Null when the address already had an account: nothing was created and its owner was mailed. */
  created: { companyId: number; userId: number } | null;
}

/** Thrown inside the sign-up transaction to undo it when the address already has an account. */
class AddressHasAccount extends Error {}

/**
 * Registers a company and its manager. The company starts unapproved (its users get
 * E401004) and subscribes to the sign-up plan; the super-admins are notified. The logo, if
 * any, is stored by the caller once the ids exist.
 *
 * An address that already has an account gets the same answer, after the same work (the
 * password hash and the same statements, rolled back instead of committed), and its owner is
 * told by mail, so the answer does not tell whether the address has an account (decision 024).
 */
export async function signUp(context: SignUpContext, body: SignUpNewUser): Promise<SignUpResult> {
  const { db, config } = context;
  const check = await checkServiceName(db, body.service_name);
  if (check.reason === 'taken') throw serviceNameTaken();
  if (!check.available) {
    throw validationFailed([{ path: 'newUser.service_name', message: `service name is ${check.reason}` }]);
  }
  const email = normalizeEmail(body.email);
  const passwordHash = await hashPassword(body.password);
  try {
    const created = await db.transaction(async (tx) => {
      // A prefix that an approved company holds is refused; one that only another pending sign-up
      // asks for is not, so that nobody can block a prefix's owner by signing up first (decision 022).
      await lockCompanyPrefixes(tx);
      const taken = await prefixConflicts(tx, body.gcps);
      if (taken.length > 0) throw companyPrefixTaken(takenPrefixErrors('newUser', body.gcps, taken));
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
          language: body.language,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.name, config.SIGN_UP_PLAN));
      if (plan) {
        await tx.insert(subscriptions).values({ companyId: company.id, planId: plan.id, startDate: sql`current_date`, status: 'active' });
      }
      if (!user) throw new AddressHasAccount();
      return { companyId: company.id, userId: user.id };
    });
    await context.publish({ type: 'company.registered', companyId: created.companyId, companyName: body.company_name });
    return { serviceName: body.service_name, email, created };
  } catch (error) {
    if (error instanceof AddressHasAccount) {
      await mailSignUpAttempt(context, email);
      return { serviceName: body.service_name, email, created: null };
    }
    // Two sign-ups racing for the same name: the loser gets the same answer as if it came second.
    if (isUniqueViolation(error, 'service_name')) throw serviceNameTaken();
    throw error;
  }
}

/** Mail kinds of this module (`defineAccountMails`). */
export const ACCOUNT_MAILS = { signUpAttempt: 'sign-up-attempt', passwordReset: 'password-reset' } as const;

/**
 * Tells the owner of an address that someone tried to register a company with it, in the
 * owner's language (looked up when the mail job runs, after the answer).
 */
async function mailSignUpAttempt(context: SignUpContext, email: string): Promise<void> {
  await context.mailer.send({ kind: ACCOUNT_MAILS.signUpAttempt, to: email });
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
 * belongs to a member who has joined. The caller does the same for every address, queueing
 * the mail; looking the address up and issuing the link happen in the mail job after the
 * answer, so neither the answer nor its timing tells whether the address exists, and a
 * throttled request does not spend the link mailed before (decision 024).
 */
export async function requestPasswordReset(context: MailContext, emailInput: string): Promise<void> {
  await context.mailer.send({ kind: ACCOUNT_MAILS.passwordReset, to: normalizeEmail(emailInput) });
}

/** How the mails of this module are made when their jobs run. */
export function defineAccountMails({ db, mailer, config }: Omit<MailContext, 'log'>): void {
  mailer.define(ACCOUNT_MAILS.signUpAttempt, async ({ to }) => {
    const signInLink = publicLink(config, '/login');
    const resetLink = publicLink(config, '/forgot-password');
    const [owner] = await db.select({ language: users.language }).from(users).where(eq(users.email, to));
    return { ...mailMessages(owner?.language).signUpAttempt({ signInLink, resetLink }), links: [signInLink, resetLink] };
  });
  mailer.define(ACCOUNT_MAILS.passwordReset, async ({ to }) => {
    const [user] = await db
      .select({ id: users.id, firstName: users.firstName, language: users.language })
      .from(users)
      .where(and(eq(users.email, to), isNotNull(users.joinedAt)));
    if (!user) return null;
    return resetMail(config, user, await issueAccountToken(db, user.id, 'password-reset', config.RESET_TOKEN_TTL_SECONDS, true));
  });
}

function resetMail(config: MailContext['config'], user: { id: number; firstName: string; language: string }, issued: IssuedToken): MailContent {
  const link = publicLink(config, `/reset-password/${user.id}/${issued.token}`);
  const minutes = Math.round(config.RESET_TOKEN_TTL_SECONDS / 60);
  return { ...mailMessages(user.language).passwordReset({ firstName: user.firstName, link, code: issued.code ?? '', minutes }), links: [link] };
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
