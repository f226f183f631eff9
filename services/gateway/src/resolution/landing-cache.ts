import type { LandingPageData } from '@product-console/shared';
import type { SessionStore } from '../plugins/store.js';
import type { InvalidationBus, InvalidationTarget } from './invalidation-bus.js';

/*
 * The landing's page data, kept with the resolver's records (resolver-cache.ts) in the one
 * resolution cache (cache.ts): a bounded LRU in this process, the shared store (Redis, or the
 * in-process store) behind it, and the same invalidation bus. A record is keyed by what the API answer depends on (product, company name,
 * view, asked language) and indexed by the product's entry path (`/01/{gtin14}`), which is what the
 * API names in `x-resolver-invalidate` after a write to the product, its links, contents, design or
 * languages. When a path arrives on the bus every replica drops its own records of that path and
 * the records the shared index lists for it. The verification view is never kept: its answer
 * depends on the serial and each check is recorded by the API.
 */

export interface LandingCacheKey {
  productId: string;
  serviceName: string;
  view: string;
  lang: string;
}

export interface LandingCache {
  /** The data from memory, the shared store or `load`, in that order; `load` answers null for "no such page" (not kept). */
  get(key: LandingCacheKey, load: () => Promise<LandingPageData | null>): Promise<LandingPageData | null>;
  /** Drops what is kept for these entry paths (here; the bus tells the other replicas). */
  drop(paths: InvalidationTarget): Promise<void>;
  /** Forgets what is held here; the bus is its maker's to close. */
  close(): Promise<void>;
}

export interface LandingCacheOptions {
  store: SessionStore;
  bus: InvalidationBus;
  ttlSeconds: number;
  maxEntries: number;
  onError?: (err: unknown, action: string) => void;
}

interface Slot {
  data: LandingPageData;
  expiresAt: number;
}

interface Stored {
  data: LandingPageData;
  expiresAt: number;
}

const recordKey = (key: LandingCacheKey) =>
  `landing:v1:${key.productId}:${encodeURIComponent(key.serviceName)}:${key.view}:${encodeURIComponent(key.lang)}`;
const indexKey = (entryPath: string) => `landing:v1:index:${entryPath}`;
/** At most this many records are listed per entry path (views × languages × names). */
const MAX_INDEXED = 500;

export function createLandingCache(options: LandingCacheOptions): LandingCache {
  const { store, bus, onError } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const memory = new Map<string, Slot>();
  const byPath = new Map<string, Set<string>>();
  const inFlight = new Map<string, Promise<LandingPageData | null>>();
  /** Bumped by every drop: a load that started before it is not kept. */
  let epoch = 0;

  const report = (action: string) => (err: unknown) => onError?.(err, action);

  function remember(key: string, data: LandingPageData, expiresAt: number) {
    memory.delete(key);
    memory.set(key, { data, expiresAt });
    let keys = byPath.get(data.product.entryPath);
    if (!keys) byPath.set(data.product.entryPath, (keys = new Set()));
    keys.add(key);
    if (memory.size > options.maxEntries) memory.delete(memory.keys().next().value as string);
  }

  function dropLocal(paths: InvalidationTarget) {
    epoch += 1;
    inFlight.clear();
    if (paths === '*') {
      memory.clear();
      byPath.clear();
      return;
    }
    for (const path of paths) {
      for (const key of byPath.get(path) ?? []) memory.delete(key);
      byPath.delete(path);
    }
  }

  async function dropStored(paths: InvalidationTarget) {
    if (paths === '*') return; // a new generation of the resolver's keys; ours expire within their TTL
    await Promise.all(
      paths.map(async (path) => {
        // The index itself stays (it expires): a drop crossing a fill's index write must not lose the new key.
        const keys = (await store.get<string[]>(indexKey(path))) ?? [];
        await Promise.all(keys.map((key) => store.delete(key)));
      }),
    ).catch(report('drop landing pages from the shared store'));
  }

  async function index(entryPath: string, key: string) {
    const keys = (await store.get<string[]>(indexKey(entryPath))) ?? [];
    if (keys.includes(key)) return;
    await store.set(indexKey(entryPath), [...keys, key].slice(-MAX_INDEXED), options.ttlSeconds * 2);
  }

  bus.onMessage((message) => {
    dropLocal(message.paths);
    void dropStored(message.paths);
  });
  bus.onResume(() => dropLocal('*'));

  async function fill(key: string, load: () => Promise<LandingPageData | null>): Promise<LandingPageData | null> {
    const started = epoch;
    try {
      const stored = await store.get<Stored>(key);
      if (stored && stored.expiresAt > Date.now()) {
        if (started === epoch) remember(key, stored.data, stored.expiresAt);
        return stored.data;
      }
    } catch (err) {
      onError?.(err, 'read the shared landing cache');
    }
    const data = await load();
    if (data && started === epoch) {
      const expiresAt = Date.now() + ttlMs;
      remember(key, data, expiresAt);
      void store
        .set(key, { data, expiresAt } satisfies Stored, options.ttlSeconds)
        .then(() => index(data.product.entryPath, key))
        // A drop that came while the record was written may have missed it: take it back.
        .then(() => (started === epoch ? undefined : store.delete(key)))
        .catch(report('write the shared landing cache'));
    }
    return data;
  }

  return {
    get(cacheKey, load) {
      const key = recordKey(cacheKey);
      const slot = memory.get(key);
      if (slot && slot.expiresAt > Date.now() && bus.live) {
        memory.delete(key);
        memory.set(key, slot);
        return Promise.resolve(slot.data);
      }
      const running = inFlight.get(key);
      if (running) return running;
      const promise = fill(key, load).finally(() => {
        if (inFlight.get(key) === promise) inFlight.delete(key);
      });
      inFlight.set(key, promise);
      return promise;
    },
    async drop(paths) {
      dropLocal(paths);
      await dropStored(paths);
    },
    async close() {
      memory.clear();
      byPath.clear();
    },
  };
}
