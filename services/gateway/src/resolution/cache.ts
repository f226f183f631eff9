import type { IncomingHttpHeaders } from 'node:http';
import { RESOLVER_INVALIDATE_HEADER } from '@product-console/shared';
import type { ResolverCacheLevel } from '../plugins/metrics.js';
import type { SessionStore } from '../plugins/store.js';
import type { InvalidationBus, InvalidationTarget } from './invalidation-bus.js';
import { createLandingCache, type LandingCache } from './landing-cache.js';
import { createResolverCache, parseInvalidateHeader, type ResolverCache, type ResolverLookup } from './resolver-cache.js';

/*
 * The gateway's one cache of what a scan resolves to (decision 073): the resolver's record of each
 * entry path (resolver-cache.ts) and the landing's page data of each view (landing-cache.ts), both
 * keyed back to the entry path the API names in `x-resolver-invalidate`, on one invalidation bus:
 * one Redis subscription per replica, one message that drops both.
 */

export interface ResolutionCache {
  /** The resolver's records: from memory (peek, no I/O), the shared store or the API (get). */
  readonly entries: Pick<ResolverCache, 'peek' | 'countHit' | 'get'>;
  /** The landing's page data per product, company name, view and language. */
  readonly pages: Pick<LandingCache, 'get'>;
  /**
   * Drops both kinds of record of these entry paths here, in the shared store and, through the
   * bus, on every other replica. Never throws.
   */
  invalidate(paths: InvalidationTarget): Promise<void>;
  /** Acts on the `x-resolver-invalidate` header of an API answer, if it carries one. Never throws. */
  invalidateFrom(headers: IncomingHttpHeaders): Promise<void>;
  /** Loads the shared generation and waits (briefly) for the bus. */
  start(): Promise<void>;
  /** Forgets everything held here and stops listening to the bus. */
  close(): Promise<void>;
}

export interface ResolutionCacheOptions {
  store: SessionStore;
  /** The one bus of the replica; the cache closes it. */
  bus: InvalidationBus;
  /** The API's record of an entry path (loader.ts). */
  load: (entryPath: string) => Promise<ResolverLookup>;
  entries: { ttlSeconds: number; negativeTtlSeconds: number; maxEntries: number };
  pages: { ttlSeconds: number; maxEntries: number };
  /** How long start() waits for the bus. */
  readyTimeoutMs?: number;
  onHit?: (level: ResolverCacheLevel) => void;
  onMiss?: () => void;
  onError?: (err: unknown, action: string) => void;
}

export function createResolutionCache(options: ResolutionCacheOptions): ResolutionCache {
  const { store, bus, onError } = options;
  const entries = createResolverCache({
    store,
    bus,
    load: options.load,
    ...options.entries,
    readyTimeoutMs: options.readyTimeoutMs,
    onHit: options.onHit,
    onMiss: options.onMiss,
    onError,
  });
  const pages = createLandingCache({ store, bus, ...options.pages, onError });

  const cache: ResolutionCache = {
    entries,
    pages,
    async invalidate(paths) {
      // The pages first: the replica that acts on an API answer has dropped both before the
      // answer reaches the editor (the bus message reaches the others a moment later).
      await pages.drop(paths);
      await entries.invalidate(paths);
    },
    async invalidateFrom(headers) {
      const target = parseInvalidateHeader(headers[RESOLVER_INVALIDATE_HEADER]);
      if (target) await cache.invalidate(target);
    },
    start: () => entries.start(),
    async close() {
      await Promise.all([entries.close(), pages.close()]);
      await bus.close();
    },
  };
  return cache;
}
