import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { mailSends } from '../mail/tables.js';

export interface RecipientLimit {
  /** Most mails to one recipient within the window. */
  max: number;
  windowMs: number;
}

/** The table never holds an address itself, only this digest of its normalised form. */
export function recipientKey(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase()).digest('base64url');
}

/**
 * Sliding-window limits of mails per recipient, shared by every replica through the database
 * (decision 024, 072). The mail queue runs one job per recipient at a time, so a check and the
 * record of the send that follows it cannot interleave with another replica's for that recipient.
 */
export interface RecipientThrottle {
  /** Whether one more mail to `address` stays within every limit. */
  allows(db: Db, address: string, at?: Date): Promise<boolean>;
  /** Counts a mail sent to `address`. */
  record(db: Db, address: string, at?: Date): Promise<void>;
  /** Forgets sends older than the longest window. */
  sweep(db: Db, at?: Date): Promise<number>;
}

export function createRecipientThrottle(limits: RecipientLimit[]): RecipientThrottle {
  const horizonMs = Math.max(...limits.map((limit) => limit.windowMs));
  return {
    async allows(db, address, at = new Date()) {
      const key = recipientKey(address);
      for (const limit of limits) {
        const [row] = await db
          .select({ sent: count() })
          .from(mailSends)
          .where(and(eq(mailSends.recipientKey, key), gt(mailSends.sentAt, new Date(at.getTime() - limit.windowMs))));
        if ((row?.sent ?? 0) >= limit.max) return false;
      }
      return true;
    },
    async record(db, address, at = new Date()) {
      await db.insert(mailSends).values({ recipientKey: recipientKey(address), sentAt: at });
    },
    async sweep(db, at = new Date()) {
      const removed = await db
        .delete(mailSends)
        .where(lt(mailSends.sentAt, new Date(at.getTime() - horizonMs)))
        .returning({ key: mailSends.recipientKey });
      return removed.length;
    },
  };
}
