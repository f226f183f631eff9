import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { SessionStore } from './store.js';

/** A plan-limit verdict of the API; null when the check failed (never cached). */
export type PlanVerdict = { isLimit: boolean } | null;

export interface PlanLookup {
  isLimit: boolean;
  /** True when this lookup called the API itself. */
  fromUpstream: boolean;
}

export interface PlanCache {
  /**
   * The verdict of one check (`product`, `link:<productId>`) for one company: from the store when
   * a fresh one is there, else from `load`, called at most once per company and check per window
   * however many requests ask at once, on this replica (shared promise) or on others (store lock).
   * A failed check (`load` answers null or throws) answers `isLimit: true` and is not kept.
   */
  check(company: string, check: string, load: () => Promise<PlanVerdict>): Promise<PlanLookup>;
  /** Forgets every verdict of the company, on every replica. */
  invalidate(company: string): Promise<void>;
}

export interface PlanCacheOptions {
  store: SessionStore;
  ttlSeconds: number;
  /** Longest one replica holds the fill lock, and the others wait for its verdict. */
  lockTtlMs: number;
  onError?: (err: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Keys: `plan:{company}:gen` holds the company's generation, a random token; verdicts live under
 * `plan:{company}:{gen}:{check}`. Invalidating writes a new generation, which drops every verdict
 * of the company at once, and a fill that started before the invalidation writes under the old
 * generation, where nobody reads: it cannot bring a stale verdict back.
 */
export function createPlanCache({ store, ttlSeconds, lockTtlMs, onError }: PlanCacheOptions): PlanCache {
  const inFlight = new Map<string, Promise<PlanLookup>>();
  const genKey = (company: string) => `plan:${company}:gen`;

  async function loadOnce(company: string, check: string, load: () => Promise<PlanVerdict>): Promise<PlanLookup> {
    const gen = (await store.get<string>(genKey(company))) ?? '0';
    const entryKey = `plan:${company}:${gen}:${check}`;
    const cached = await store.get<boolean>(entryKey);
    if (cached !== null) return { isLimit: cached, fromUpstream: false };

    const lockKey = `lock:plan:${company}:${check}`;
    const deadline = Date.now() + lockTtlMs;
    for (;;) {
      const lock = await store.acquireLock(lockKey, lockTtlMs);
      try {
        // Another replica may have filled it between our read and the lock.
        const filled = await store.get<boolean>(entryKey);
        if (filled !== null) return { isLimit: filled, fromUpstream: false };
        if (lock || Date.now() > deadline) {
          const verdict = await load().catch(() => null);
          if (!verdict) return { isLimit: true, fromUpstream: true };
          // A verdict in hand is answered even when the store cannot keep it.
          await store.set(entryKey, verdict.isLimit, ttlSeconds).catch((err: unknown) => onError?.(err));
          return { isLimit: verdict.isLimit, fromUpstream: true };
        }
      } finally {
        if (lock) await store.releaseLock(lockKey, lock).catch(() => {});
      }
      await sleep(20);
    }
  }

  return {
    check(company, check, load) {
      const key = `${company}\u0000${check}`;
      let promise = inFlight.get(key);
      if (promise) return promise.then((lookup) => ({ ...lookup, fromUpstream: false }));
      promise = loadOnce(company, check, load)
        .catch(async (err: unknown) => {
          // The store failed: answer from the API uncached rather than refuse the check.
          onError?.(err);
          const verdict = await load().catch(() => null);
          return { isLimit: verdict?.isLimit ?? true, fromUpstream: true };
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },
    async invalidate(company) {
      // Outlives every verdict written under the previous generation.
      await store.set(genKey(company), randomBytes(6).toString('base64url'), ttlSeconds + 1);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    planCache: PlanCache;
  }
}

export interface PlanCachePluginOptions {
  ttlSeconds: number;
}

export default fp<PlanCachePluginOptions>(
  async (app, options) => {
    app.decorate(
      'planCache',
      createPlanCache({
        store: app.store,
        ttlSeconds: options.ttlSeconds,
        // A fill is one API call: the lock outlives it.
        lockTtlMs: app.upstream.timeoutMs + 2_000,
        onError: (err) => app.log.warn({ err }, 'plan cache unavailable; checking at the API'),
      }),
    );
  },
  { name: 'plan-cache', fastify: '5.x', dependencies: ['store', 'upstream'] },
);
