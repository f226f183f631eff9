import type { ResolverEntry } from '@product-console/shared';
import { describe, expect, it } from 'vitest';
import { createRedisConnections, type RedisConnections } from '../plugins/redis.js';
import { createSessionStore, type SessionStore } from '../plugins/store.js';
import { createTestStore } from '../test/store.js';
import { createResolverCache, parseInvalidateHeader, type ResolverLookup } from './resolver-cache.js';
import { createLocalBus, createRedisBus, type InvalidationBus } from './invalidation-bus.js';

describe('createResolverCache', () => {
  const entry = (title: string): ResolverEntry => ({ entryPath: '/01/1', entryId: 1, productId: 1, companyId: 1, title, links: [] });

  function setup() {
    const store = createSessionStore({ keyPrefix: 'unit:' });
    let answer: ResolverLookup = entry('old');
    let release: () => void = () => {};
    let calls = 0;
    let hold = false;
    const cache = createResolverCache({
      store,
      bus: createLocalBus(store),
      ttlSeconds: 60,
      negativeTtlSeconds: 5,
      maxEntries: 2,
      async load() {
        calls += 1;
        const value = answer;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return value;
      },
    });
    return {
      cache,
      store,
      set answer(value: ResolverLookup) {
        answer = value;
      },
      hold: (on: boolean) => (hold = on),
      release: () => release(),
      calls: () => calls,
    };
  }

  it('does not let a lookup under way when its entry changed bring the old record back', async () => {
    const t = setup();
    t.hold(true);
    const pending = t.cache.get('/01/1');
    await new Promise((resolve) => setImmediate(resolve));
    await t.cache.invalidate(['/01/1']);
    t.answer = entry('new');
    t.hold(false);
    t.release();
    expect((await pending)?.title).toBe('old'); // the scan that asked before the change
    expect(t.cache.peek('/01/1')).toBeUndefined();
    expect((await t.cache.get('/01/1'))?.title).toBe('new');
    expect(t.calls()).toBe(2);
    await t.cache.close();
    await t.store.close();
  });

  it('holds at most maxEntries records, dropping the least recently used', async () => {
    const t = setup();
    await t.cache.get('/01/1');
    await t.cache.get('/01/2');
    t.cache.peek('/01/1');
    await t.cache.get('/01/3');
    expect(t.cache.peek('/01/1')).toBeDefined();
    expect(t.cache.peek('/01/3')).toBeDefined();
    expect(t.cache.peek('/01/2')).toBeUndefined();
    await t.cache.close();
    await t.store.close();
  });

  it('forgets everything on `*`, in memory and in the shared store', async () => {
    const t = setup();
    await t.cache.get('/01/1');
    await t.cache.invalidate('*');
    expect(t.cache.peek('/01/1')).toBeUndefined();
    await t.cache.get('/01/1');
    expect(t.calls()).toBe(2);
    await t.cache.close();
    await t.store.close();
  });

  it('reads the header the API sends', () => {
    expect(parseInvalidateHeader('/01/09506000134352, /01/00000000000017')).toEqual(['/01/09506000134352', '/01/00000000000017']);
    expect(parseInvalidateHeader('*')).toBe('*');
    expect(parseInvalidateHeader(undefined)).toBeNull();
    expect(parseInvalidateHeader(' , ')).toBeNull();
  });
});


describe('invalidation between replicas', () => {
  const entry = (title: string): ResolverEntry => ({ entryPath: '/01/1', entryId: 1, productId: 1, companyId: 1, title, links: [] });

  /** Two caches playing replicas on one shared store: over Redis pub/sub when the suite has Redis. */
  function replicas(store: SessionStore, redisUrl: string, keyPrefix: string) {
    let title = 'old';
    let calls = 0;
    // Each replica has its own connections, as each gateway process does.
    const connections: RedisConnections[] = [];
    const bus = (): InvalidationBus => {
      if (!redisUrl) return createLocalBus(store);
      const redis = createRedisConnections({ url: redisUrl, keyPrefix, timeoutMs: 2_000 });
      connections.push(redis);
      return createRedisBus(redis, `${keyPrefix}resolver:invalidate`);
    };
    const make = () =>
      createResolverCache({
        store,
        bus: bus(),
        ttlSeconds: 60,
        negativeTtlSeconds: 5,
        maxEntries: 10,
        async load(): Promise<ResolverLookup> {
          calls += 1;
          return entry(title);
        },
      });
    return {
      first: make(),
      second: make(),
      change: (next: string) => (title = next),
      calls: () => calls,
      closeConnections: () => Promise.all(connections.map((redis) => redis.close())),
    };
  }

  it('drops an entry on every replica and in the shared store', async () => {
    const shared = createTestStore();
    const { first, second, change, calls, closeConnections } = replicas(shared.store, shared.redisUrl, shared.keyPrefix);
    try {
      await Promise.all([first.start(), second.start()]);
      expect((await first.get('/01/1'))?.title).toBe('old');
      expect((await second.get('/01/1'))?.title).toBe('old');
      expect(calls()).toBe(1); // the second found it in the shared store

      change('new');
      await first.invalidate(['/01/1']);
      await expect.poll(() => second.peek('/01/1')).toBeUndefined();
      expect((await second.get('/01/1'))?.title).toBe('new');
      expect(calls()).toBe(2);
    } finally {
      await first.close();
      await second.close();
      await closeConnections();
      await shared.cleanup();
    }
  });
});
