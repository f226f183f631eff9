import { describe, expect, it } from 'vitest';
import { redisForTest } from '../test/store.js';
import { createRedisConnections } from './redis.js';

describe('createRedisConnections', () => {
  it('makes no connection without a Redis URL, and says so when one is asked for', async () => {
    const redis = createRedisConnections({ keyPrefix: 'x:' });
    expect(redis.configured).toBe(false);
    expect(redis.keyPrefix).toBe('x:');
    expect(() => redis.client('store')).toThrow(/REDIS_URL/);
    await redis.close();
  });

  const redisUrl = redisForTest('redis.test.ts: one connection per purpose, closed by their owner');

  it.runIf(redisUrl)('gives each purpose one connection of its own, and closes them all', async () => {
    const redis = createRedisConnections({ url: redisUrl, keyPrefix: 'test:redis:', timeoutMs: 2_000 });
    const store = redis.client('store');
    expect(redis.client('store')).toBe(store);
    const subscriber = redis.client('subscriber');
    expect(subscriber).not.toBe(store);
    await Promise.all([redis.ready('store'), redis.ready('subscriber')]);
    // The store's keys carry the prefix; the other purposes' do not.
    expect(store.options.keyPrefix).toBe('test:redis:');
    expect(subscriber.options.keyPrefix ?? '').toBe('');
    // A subscribed connection runs no other command, so the subscriber never serves the store.
    await subscriber.subscribe('test:redis:channel');
    expect(await store.ping()).toBe('PONG');

    await redis.close();
    await expect.poll(() => store.status).toBe('end');
    await expect.poll(() => subscriber.status).toBe('end');
    expect(() => redis.client('publisher')).toThrow(/closed/);
  });

  it('answers ready() at once with an error while Redis cannot be reached', async () => {
    const redis = createRedisConnections({ url: 'redis://127.0.0.1:1', timeoutMs: 300 });
    const started = Date.now();
    await expect(redis.ready('rate-limit')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
    await redis.close();
  });
});
