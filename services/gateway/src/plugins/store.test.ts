import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSessionStore } from './store.js';
import { createTestStore } from '../test/store.js';

const testStore = createTestStore();
const { store } = testStore;
afterAll(() => testStore.cleanup());

describe(`session store (${inject('gatewayRedisUrl') ? 'Redis' : 'in-process'})`, () => {
  it('is Redis exactly when a Redis URL is configured', () => {
    expect(store.kind).toBe(inject('gatewayRedisUrl') ? 'redis' : 'memory');
  });

  it('keeps JSON values until deleted', async () => {
    await store.set('a', { userId: 1, nested: { x: [1, 2] } }, 60);
    expect(await store.get('a')).toEqual({ userId: 1, nested: { x: [1, 2] } });
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });

  it('forgets values after their TTL', async () => {
    await store.set('short', 'v', 1);
    expect(await store.get('short')).toBe('v');
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await store.get('short')).toBeNull();
  });

  it('hands a lock to one holder at a time, released by its token only', async () => {
    const first = await store.acquireLock('lock', 5_000);
    expect(first).toEqual(expect.any(String));
    expect(await store.acquireLock('lock', 5_000)).toBeNull();
    await store.releaseLock('lock', 'not-the-token');
    expect(await store.acquireLock('lock', 5_000)).toBeNull();
    await store.releaseLock('lock', first!);
    const second = await store.acquireLock('lock', 5_000);
    expect(second).toEqual(expect.any(String));
    await store.releaseLock('lock', second!);
  });

  it('lets an abandoned lock lapse', async () => {
    expect(await store.acquireLock('lapsing', 100)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 150));
    expect(await store.acquireLock('lapsing', 100)).not.toBeNull();
  });

  it('answers ping', async () => {
    expect(await store.ping()).toBe(true);
  });
});

describe('key prefixes', () => {
  it('keep two stores on one backend apart', async () => {
    const url = inject('gatewayRedisUrl') || undefined;
    const a = createSessionStore({ redisUrl: url, keyPrefix: `${Date.now()}:a:` });
    const b = createSessionStore({ redisUrl: url, keyPrefix: `${Date.now()}:b:` });
    try {
      await a.set('k', 'from-a', 5);
      expect(await b.get('k')).toBeNull();
    } finally {
      await a.delete('k');
      await a.close();
      await b.close();
    }
  });
});

describe('an unreachable Redis', () => {
  it('reports ping false instead of hanging', async () => {
    const dead = createSessionStore({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'x:' });
    try {
      expect(await dead.ping()).toBe(false);
    } finally {
      await dead.close();
    }
  });
});
