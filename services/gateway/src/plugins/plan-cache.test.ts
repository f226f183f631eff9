import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, type TestStore } from '../test/store.js';
import { createPlanCache, type PlanVerdict } from './plan-cache.js';
import type { SessionStore } from './store.js';

let testStore: TestStore;
beforeEach(() => {
  testStore = createTestStore();
});
afterEach(async () => {
  await testStore.cleanup();
});

/** A loader that counts its calls and answers after `delayMs`. */
function loader(verdict: PlanVerdict, delayMs = 20) {
  const load = async () => {
    load.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return verdict;
  };
  load.calls = 0;
  return load;
}

const cacheOn = (store: SessionStore, ttlSeconds = 60) => createPlanCache({ store, ttlSeconds, lockTtlMs: 2_000 });

describe('createPlanCache', () => {
  it('loads once for concurrent lookups of one company and check, then answers from the store', async () => {
    const cache = cacheOn(testStore.store);
    const load = loader({ isLimit: true });
    const lookups = await Promise.all(Array.from({ length: 10 }, () => cache.check('service:acme', 'product', load)));
    expect(lookups.map((l) => l.isLimit)).toEqual(Array(10).fill(true));
    expect(lookups.filter((l) => l.fromUpstream)).toHaveLength(1);
    expect(await cache.check('service:acme', 'product', load)).toEqual({ isLimit: true, fromUpstream: false });
    expect(load.calls).toBe(1);
  });

  it('loads once across two caches (replicas) on one store', async () => {
    const a = cacheOn(testStore.store);
    const b = cacheOn(testStore.store);
    const load = loader({ isLimit: false }, 100);
    const lookups = await Promise.all([a, b, a, b].map((cache) => cache.check('service:acme', 'product', load)));
    expect(lookups.every((l) => l.isLimit === false)).toBe(true);
    expect(load.calls).toBe(1);
  });

  it('keeps checks and companies apart', async () => {
    const cache = cacheOn(testStore.store);
    await cache.check('service:acme', 'product', loader({ isLimit: true }));
    expect((await cache.check('service:acme', 'link:5', loader({ isLimit: false }))).isLimit).toBe(false);
    expect((await cache.check('service:nordic', 'product', loader({ isLimit: false }))).isLimit).toBe(false);
  });

  it('answers a failed check as the limit reached and does not keep it', async () => {
    const cache = cacheOn(testStore.store);
    expect(await cache.check('service:acme', 'product', loader(null))).toEqual({ isLimit: true, fromUpstream: true });
    const throwing = async (): Promise<PlanVerdict> => {
      throw new Error('boom');
    };
    expect((await cache.check('service:acme', 'product', throwing)).isLimit).toBe(true);
    const load = loader({ isLimit: false });
    expect((await cache.check('service:acme', 'product', load)).isLimit).toBe(false);
    expect(load.calls).toBe(1);
  });

  it('forgets every verdict of the company on invalidate, on every replica', async () => {
    const a = cacheOn(testStore.store);
    const b = cacheOn(testStore.store);
    await a.check('service:acme', 'product', loader({ isLimit: false }));
    await a.check('service:acme', 'link:5', loader({ isLimit: false }));
    await a.check('service:nordic', 'product', loader({ isLimit: false }));

    await b.invalidate('service:acme');

    expect((await a.check('service:acme', 'product', loader({ isLimit: true }))).fromUpstream).toBe(true);
    expect((await b.check('service:acme', 'link:5', loader({ isLimit: true }))).fromUpstream).toBe(true);
    expect((await b.check('service:nordic', 'product', loader({ isLimit: true }))).fromUpstream).toBe(false);
  });

  it('does not let a check started before an invalidation bring the old verdict back', async () => {
    const cache = cacheOn(testStore.store);
    const slow = loader({ isLimit: false }, 100);
    const pending = cache.check('service:acme', 'product', slow);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await cache.invalidate('service:acme');
    await pending;
    const fresh = loader({ isLimit: true });
    expect((await cache.check('service:acme', 'product', fresh)).isLimit).toBe(true);
  });

  it('asks the loader directly when the store fails', async () => {
    const broken: SessionStore = {
      ...testStore.store,
      get: () => Promise.reject(new Error('store down')),
      set: () => Promise.reject(new Error('store down')),
    };
    const errors: unknown[] = [];
    const cache = createPlanCache({ store: broken, ttlSeconds: 60, lockTtlMs: 2_000, onError: (err) => errors.push(err) });
    expect(await cache.check('service:acme', 'product', loader({ isLimit: false }))).toEqual({ isLimit: false, fromUpstream: true });
    expect(errors).toHaveLength(1);
  });
});
