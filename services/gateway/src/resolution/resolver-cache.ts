import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { RESOLVER_INVALIDATE_HEADER, type ResolverEntry } from '@product-console/shared';
import type { ResolverCacheLevel } from '../plugins/metrics.js';
import type { SessionStore } from '../plugins/store.js';
import type { InvalidationBus, InvalidationTarget } from './invalidation-bus.js';

/*
 * The resolver's cache of the API's resolution data, one record per entry path (`/01/{gtin14}`).
 *
 * L1: a bounded LRU in this process, read synchronously on the hot path (no I/O on a hit).
 * L2: the shared store (Redis, or the in-process store), read on an L1 miss before the API.
 * One API call per entry path at a time on a replica, however many scans arrive together.
 *
 * Invalidation: the API marks answers that change resolution with `x-resolver-invalidate`. The
 * replica that proxies such an answer drops the paths from its L1, publishes them to every
 * replica (Redis pub/sub on a dedicated subscriber connection; an in-process bus between apps
 * sharing one in-process store) and deletes them from L2, before the answer reaches the browser.
 * A fill that was under way when its path was invalidated neither answers later requests nor
 * writes back (it is cancelled); the L2 delete is repeated shortly after, for a fill on another
 * replica whose write crossed the delete. While the subscriber is disconnected, messages may be
 * missed: L1 records are then trusted for a few seconds only, and L1 is emptied on reconnect.
 */

/** The API's record of a live entry, or null when it has none (unknown or inactive). */
export type ResolverLookup = ResolverEntry | null;

export interface ResolverCache {
  /**
   * The record in this replica's memory, when fresh; undefined when it must be looked up. No I/O.
   * `count: false` leaves the hit uncounted (the caller counts it once it uses the record).
   */
  peek(entryPath: string, count?: boolean): ResolverLookup | undefined;
  /** Counts a hit of memory the caller took with peek(path, false). */
  countHit(): void;
  /**
   * The record from memory, the shared store or the API, in that order. Throws when the API
   * cannot answer and no earlier copy is held.
   */
  get(entryPath: string): Promise<ResolverLookup>;
  /** Drops the entries here, on every other replica and in the shared store. Never throws. */
  invalidate(paths: InvalidationTarget): Promise<void>;
  /** Acts on the `x-resolver-invalidate` header of an API answer, if it carries one. Never throws. */
  invalidateFrom(headers: IncomingHttpHeaders): Promise<void>;
  /** Loads the shared generation and waits (briefly) for the bus. */
  start(): Promise<void>;
  /** Forgets what is held here; the bus is its maker's to close. */
  close(): Promise<void>;
}

export interface ResolverCacheOptions {
  store: SessionStore;
  bus: InvalidationBus;
  load: (entryPath: string) => Promise<ResolverLookup>;
  ttlSeconds: number;
  negativeTtlSeconds: number;
  maxEntries: number;
  /** How long start() waits for the bus. */
  readyTimeoutMs?: number;
  onHit?: (level: ResolverCacheLevel) => void;
  onMiss?: () => void;
  onError?: (err: unknown, action: string) => void;
}

interface Slot {
  value: ResolverLookup;
  expiresAt: number;
  storedAt: number;
}

interface Fill {
  promise: Promise<ResolverLookup>;
  /** Set when the path was invalidated while the fill was under way: its result is not kept. */
  cancelled: boolean;
}

interface StoredRecord {
  entry: ResolverLookup;
  expiresAt: number;
}

/** While invalidations may be missed, a memory record is trusted this long at most. */
export const DEGRADED_TTL_MS = 5_000;
/** The second L2 delete of an invalidation, for a fill whose write crossed the first. */
const REDELETE_AFTER_MS = 250;
/** At most this many entry paths are taken from one header; more means "everything". */
const MAX_PATHS_PER_HEADER = 1_000;
const GENERATION_KEY = 'resolver:generation';
const GENERATION_TTL_SECONDS = 30 * 86_400;

const storeKey = (generation: string, entryPath: string) => `resolver:v1:${generation}:${entryPath}`;

/** The entry paths of an `x-resolver-invalidate` header, `*`, or null when there is nothing to do. */
export function parseInvalidateHeader(value: string | string[] | undefined): InvalidationTarget | null {
  if (value === undefined) return null;
  const parts = (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.includes('*') || parts.length > MAX_PATHS_PER_HEADER) return '*';
  const paths = [...new Set(parts.filter((part) => part.startsWith('/')))];
  return paths.length ? paths : null;
}

export function createResolverCache(options: ResolverCacheOptions): ResolverCache {
  const { store, bus, load, onHit, onMiss, onError } = options;
  const ttlMs = options.ttlSeconds * 1000;
  const negativeTtlMs = options.negativeTtlSeconds * 1000;
  const memory = new Map<string, Slot>();
  const inFlight = new Map<string, Fill>();
  const timers = new Set<NodeJS.Timeout>();
  const origin = randomBytes(8).toString('hex');
  let generation = '0';
  let closed = false;

  const report = (action: string) => (err: unknown) => onError?.(err, action);

  function remember(entryPath: string, value: ResolverLookup, expiresAt: number) {
    memory.delete(entryPath);
    memory.set(entryPath, { value, expiresAt, storedAt: Date.now() });
    if (memory.size > options.maxEntries) memory.delete(memory.keys().next().value as string);
  }

  function dropLocal(paths: InvalidationTarget) {
    if (paths === '*') {
      memory.clear();
      for (const fill of inFlight.values()) fill.cancelled = true;
      inFlight.clear();
      return;
    }
    for (const path of paths) {
      memory.delete(path);
      const fill = inFlight.get(path);
      if (fill) {
        fill.cancelled = true;
        inFlight.delete(path);
      }
    }
  }

  async function fill(entryPath: string, state: Fill): Promise<ResolverLookup> {
    const fillGeneration = generation;
    const key = storeKey(fillGeneration, entryPath);
    try {
      const stored = await store.get<StoredRecord>(key);
      if (stored && stored.expiresAt > Date.now()) {
        onHit?.('store');
        if (!state.cancelled) remember(entryPath, stored.entry, stored.expiresAt);
        return stored.entry;
      }
    } catch (err) {
      // The store is down: the API answers, uncached in L2.
      onError?.(err, 'read the shared resolver cache');
    }
    onMiss?.();
    let value: ResolverLookup;
    try {
      value = await load(entryPath);
    } catch (err) {
      // An expired (never an invalidated) copy beats an error page while the API is away.
      const stale = memory.get(entryPath);
      if (stale) {
        onError?.(err, 'load resolution data; answering an expired copy');
        return stale.value;
      }
      throw err;
    }
    const expiresAt = Date.now() + (value ? ttlMs : negativeTtlMs);
    if (!state.cancelled && fillGeneration === generation) {
      remember(entryPath, value, expiresAt);
      const record: StoredRecord = { entry: value, expiresAt };
      store.set(key, record, (expiresAt - Date.now()) / 1000).catch(report('write the shared resolver cache'));
    }
    return value;
  }

  function peek(entryPath: string, count = true): ResolverLookup | undefined {
    const slot = memory.get(entryPath);
    if (slot === undefined) return undefined;
    const now = Date.now();
    if (slot.expiresAt <= now || (!bus.live && now - slot.storedAt > DEGRADED_TTL_MS)) return undefined;
    // Most recently used last: eviction takes the first key.
    memory.delete(entryPath);
    memory.set(entryPath, slot);
    if (count) onHit?.('memory');
    return slot.value;
  }

  async function deleteStored(paths: readonly string[]) {
    const keys = paths.map((path) => storeKey(generation, path));
    await Promise.all(keys.map((key) => store.delete(key))).catch(report('delete from the shared resolver cache'));
  }

  bus.onMessage((message) => {
    if (message.origin === origin) return;
    if (message.paths === '*' && message.generation) generation = message.generation;
    dropLocal(message.paths);
  });
  bus.onResume(() => {
    // Messages published while disconnected are lost: forget everything held here.
    dropLocal('*');
    void loadGeneration();
  });

  async function loadGeneration() {
    try {
      generation = (await store.get<string>(GENERATION_KEY)) ?? generation;
    } catch (err) {
      onError?.(err, 'read the resolver cache generation');
    }
  }

  const cache: ResolverCache = {
    peek,
    countHit: () => onHit?.('memory'),
    get(entryPath) {
      const cached = peek(entryPath);
      if (cached !== undefined) return Promise.resolve(cached);
      const running = inFlight.get(entryPath);
      if (running) {
        onHit?.('memory');
        return running.promise;
      }
      const state = { cancelled: false } as Fill;
      state.promise = fill(entryPath, state).finally(() => {
        if (inFlight.get(entryPath) === state) inFlight.delete(entryPath);
      });
      inFlight.set(entryPath, state);
      return state.promise;
    },
    async invalidate(paths) {
      dropLocal(paths);
      if (paths === '*') {
        generation = randomBytes(6).toString('base64url');
        await store.set(GENERATION_KEY, generation, GENERATION_TTL_SECONDS).catch(report('write the resolver cache generation'));
        await bus.publish({ origin, paths, generation }).catch(report('publish a resolver invalidation'));
        return;
      }
      // Published before the delete: a replica that fills in between is cancelled by the message.
      await bus.publish({ origin, paths }).catch(report('publish a resolver invalidation'));
      await deleteStored(paths);
      if (closed) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        void deleteStored(paths);
      }, REDELETE_AFTER_MS);
      timer.unref();
      timers.add(timer);
    },
    async invalidateFrom(headers) {
      const target = parseInvalidateHeader(headers[RESOLVER_INVALIDATE_HEADER]);
      if (target) await cache.invalidate(target);
    },
    async start() {
      await Promise.all([loadGeneration(), bus.ready(options.readyTimeoutMs ?? 2_000)]);
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      memory.clear();
    },
  };
  return cache;
}
