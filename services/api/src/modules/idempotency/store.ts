import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys } from './tables.js';

/** How long a key is remembered: a retry later than this runs as a new request. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;
/**
 * A claim with no answer after this long belongs to a request that died with its process: the
 * next retry may take it over instead of being told "in progress" until the key expires.
 */
export const ABANDONED_CLAIM_SECONDS = 5 * 60;
/** Expired keys are swept at most this often per process, by whichever claim comes along. */
const SWEEP_EVERY_MS = 60_000;

/** Whose key it is and for which call: a key means nothing outside this scope. */
export interface IdempotencyScope {
  userId: number;
  method: string;
  path: string;
  key: string;
}

/** A successful answer as recorded for replays. */
export interface StoredAnswer {
  statusCode: number;
  contentType: string | null;
  body: string;
  headers: Record<string, string>;
}

export type ClaimOutcome =
  /** The caller runs the request and must `complete` or `release` with this claim. */
  | { kind: 'claimed'; claim: string }
  /** The first request finished: answer what it answered. */
  | { kind: 'replay'; answer: StoredAnswer }
  /** The first request is still running. */
  | { kind: 'inProgress' }
  /** The key was used for a different request (other body, query or company). */
  | { kind: 'mismatch' };

export interface IdempotencyStore {
  claim(scope: IdempotencyScope, fingerprint: string): Promise<ClaimOutcome>;
  complete(scope: IdempotencyScope, claim: string, answer: StoredAnswer): Promise<void>;
  /** Forgets the claim, so that a retry runs the request again (after a failed answer). */
  release(scope: IdempotencyScope, claim: string): Promise<void>;
  /** Deletes expired keys; returns how many. */
  sweep(): Promise<number>;
}

const secondsAgo = (seconds: number) => sql`now() - ${seconds} * interval '1 second'`;

const inScope = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.userId, scope.userId),
    eq(idempotencyKeys.method, scope.method),
    eq(idempotencyKeys.path, scope.path),
    eq(idempotencyKeys.key, scope.key),
  );

/**
 * Idempotency keys in the database, so that every API process sees the same claims: the
 * primary key on (user, method, path, key) lets exactly one request claim a key.
 */
export function createIdempotencyStore(db: Db): IdempotencyStore {
  let lastSweep = 0;

  async function sweep(): Promise<number> {
    const deleted = await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, secondsAgo(IDEMPOTENCY_KEY_TTL_SECONDS)))
      .returning({ key: idempotencyKeys.key });
    return deleted.length;
  }

  async function sweepNowAndThen(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await sweep();
  }

  /** Inserts the claim, or takes over an expired or abandoned row; undefined when the row is live. */
  async function tryClaim(scope: IdempotencyScope, fingerprint: string): Promise<string | undefined> {
    const claim = randomUUID();
    const fresh = { fingerprint, claim, statusCode: null, responseType: null, responseBody: null, responseHeaders: null, createdAt: sql`now()` };
    const [taken] = await db
      .insert(idempotencyKeys)
      .values({ ...scope, ...fresh })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.method, idempotencyKeys.path, idempotencyKeys.key],
        set: fresh,
        setWhere: or(
          lt(idempotencyKeys.createdAt, secondsAgo(IDEMPOTENCY_KEY_TTL_SECONDS)),
          and(isNull(idempotencyKeys.statusCode), lt(idempotencyKeys.createdAt, secondsAgo(ABANDONED_CLAIM_SECONDS))),
        ),
      })
      .returning({ claim: idempotencyKeys.claim });
    return taken?.claim;
  }

  return {
    async claim(scope, fingerprint) {
      await sweepNowAndThen();
      // A row released between our insert and our read is gone: claim again (a few times at most).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const claim = await tryClaim(scope, fingerprint);
        if (claim) return { kind: 'claimed', claim };
        const [existing] = await db.select().from(idempotencyKeys).where(inScope(scope));
        if (!existing) continue;
        if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
        if (existing.statusCode === null) return { kind: 'inProgress' };
        return {
          kind: 'replay',
          answer: {
            statusCode: existing.statusCode,
            contentType: existing.responseType,
            body: existing.responseBody ?? '',
            headers: existing.responseHeaders ?? {},
          },
        };
      }
      return { kind: 'inProgress' };
    },

    async complete(scope, claim, answer) {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: answer.statusCode, responseType: answer.contentType, responseBody: answer.body, responseHeaders: answer.headers })
        .where(and(inScope(scope), eq(idempotencyKeys.claim, claim)));
    },

    async release(scope, claim) {
      await db.delete(idempotencyKeys).where(and(inScope(scope), eq(idempotencyKeys.claim, claim)));
    },

    sweep,
  };
}
