import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accountTokens, type AccountTokenPurpose } from './tables.js';

/** Wrong codes tolerated per reset request before it is spent. */
export const MAX_CODE_ATTEMPTS = 5;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface IssuedToken {
  token: string;
  /** Six digits, for /code-verification (password reset only). */
  code?: string;
  expiresAt: Date;
}

/** Issues a new e-mailed secret for a user; earlier unused ones of the same purpose are spent. */
export async function issueAccountToken(
  db: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  ttlSeconds: number,
  withCode = false,
): Promise<IssuedToken> {
  const token = randomBytes(32).toString('base64url');
  const code = withCode ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await tx.insert(accountTokens).values({
      userId,
      purpose,
      tokenHash: sha256(token),
      codeHash: code ? sha256(`${userId}:${code}`) : null,
      expiresAt,
    });
  });
  return { token, code, expiresAt };
}

function liveToken(userId: number, purpose: AccountTokenPurpose, token: string) {
  return and(
    eq(accountTokens.tokenHash, sha256(token)),
    eq(accountTokens.userId, userId),
    eq(accountTokens.purpose, purpose),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
}

/** Whether a link's token is still usable (not spent, not expired); does not spend it. */
export async function isAccountTokenValid(db: Db, userId: number, purpose: AccountTokenPurpose, token: string): Promise<boolean> {
  const [row] = await db.select({ id: accountTokens.id }).from(accountTokens).where(liveToken(userId, purpose, token));
  return row !== undefined;
}

/**
 * Spends a token: true only for the one caller that marks it used while it is live, so a
 * link works once even when opened twice at the same moment.
 */
export async function consumeAccountToken(db: Db, userId: number, purpose: AccountTokenPurpose, token: string): Promise<boolean> {
  const spent = await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(liveToken(userId, purpose, token))
    .returning({ id: accountTokens.id });
  return spent.length === 1;
}

/**
 * Checks a mailed 6-digit code against the user's live reset request. A wrong code counts
 * an attempt; after MAX_CODE_ATTEMPTS the request is spent. True when the code matches (the
 * request is then spent and the caller issues a fresh link).
 */
export async function consumeResetCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'password-reset'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row?.codeHash) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(sha256(`${userId}:${code}`), 'hex');
  if (timingSafeEqual(expected, given)) {
    const spent = await db
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, row.id), isNull(accountTokens.usedAt)))
      .returning({ id: accountTokens.id });
    return spent.length === 1;
  }
  await db
    .update(accountTokens)
    .set({
      codeAttempts: sql`${accountTokens.codeAttempts} + 1`,
      usedAt: sql`case when ${accountTokens.codeAttempts} + 1 >= ${MAX_CODE_ATTEMPTS} then now() else null end`,
    })
    .where(eq(accountTokens.id, row.id));
  return false;
}
