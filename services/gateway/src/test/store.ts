import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { createSessionStore, type SessionStore } from '../plugins/store.js';

export interface TestStore {
  store: SessionStore;
  /** The Redis the store uses ('' for the in-process store) and the prefix of this test's keys. */
  redisUrl: string;
  keyPrefix: string;
  /** Deletes this test's keys (and only those) and closes the store. */
  cleanup(): Promise<void>;
}

/**
 * The test Redis for a test that cannot run without one, or '' when the run has none: then the
 * test is skipped (`it.runIf(url)`), and the run's output says which and why rather than
 * counting it silently among the skipped ones.
 */
export function redisForTest(what: string): string {
  const redisUrl = inject('gatewayRedisUrl');
  if (!redisUrl) console.warn(`[gateway] skipped, needs Redis (set REDIS_URL, or REQUIRE_SERVICES=1 for a container): ${what}`);
  return redisUrl;
}

/** A store of its own for one test file: its own key prefix on the shared Redis, or in memory. */
export function createTestStore(): TestStore {
  const redisUrl = inject('gatewayRedisUrl');
  const keyPrefix = `test:gw:${randomBytes(6).toString('hex')}:`;
  const store = createSessionStore({ redisUrl: redisUrl || undefined, keyPrefix });
  return {
    store,
    redisUrl,
    keyPrefix,
    async cleanup() {
      if (redisUrl) {
        const redis = new Redis(redisUrl);
        try {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 500);
            cursor = next;
            if (keys.length) await redis.del(...keys);
          } while (cursor !== '0');
        } finally {
          await redis.quit();
        }
      }
      await store.close();
    },
  };
}
