import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/**
 * Where the gateway keeps every piece of state (sessions, refresh locks, later caches) so that any
 * replica can answer any request. Values are JSON. Keys are namespaced by `keyPrefix`.
 */
export interface SessionStore {
  readonly kind: 'redis' | 'memory';
  get<T = unknown>(key: string): Promise<T | null>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Takes a short lock shared by every replica; answers its token, or null when someone holds it. */
  acquireLock(key: string, ttlMs: number): Promise<string | null>;
  releaseLock(key: string, token: string): Promise<void>;
  /** True when the store answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface SessionStoreOptions {
  /** A Redis URL; without it the store lives in this process (one replica only). */
  redisUrl?: string;
  keyPrefix?: string;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const keyPrefix = options.keyPrefix ?? 'gw:';
  return options.redisUrl ? createRedisStore(options.redisUrl, keyPrefix) : createMemoryStore(keyPrefix);
}

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

type RedisWithRelease = Redis & { releaseLock(key: string, token: string): Promise<number> };

function createRedisStore(url: string, keyPrefix: string): SessionStore {
  const redis = new Redis(url, {
    keyPrefix,
    // Fail fast instead of queueing for ever: a request waiting on a dead Redis should get a 503.
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    connectTimeout: 5_000,
    lazyConnect: false,
  }) as RedisWithRelease;
  redis.defineCommand('releaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK });
  // Without a listener ioredis prints every reconnect error; readyz reports the state instead.
  redis.on('error', () => {});

  return {
    kind: 'redis',
    async get<T>(key: string) {
      const raw = await redis.get(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlSeconds) {
      await redis.set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async delete(key) {
      await redis.del(key);
    },
    async acquireLock(key, ttlMs) {
      const token = randomBytes(16).toString('hex');
      const ok = await redis.set(key, token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
      return ok === 'OK' ? token : null;
    },
    async releaseLock(key, token) {
      await redis.releaseLock(key, token);
    },
    async ping() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      // QUIT would wait for a connection that may never come back.
      if (redis.status !== 'ready') return redis.disconnect();
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

function createMemoryStore(keyPrefix: string): SessionStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  const read = (key: string) => {
    const entry = entries.get(keyPrefix + key);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(keyPrefix + key);
      return null;
    }
    return entry.value;
  };
  // Expired entries are dropped on read; the sweep keeps abandoned sessions from piling up.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    kind: 'memory',
    async get<T>(key: string) {
      const raw = read(key);
      // Stored as JSON so callers never share (and mutate) one object, as with Redis.
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlSeconds) {
      entries.set(keyPrefix + key, { value: JSON.stringify(value), expiresAt: Date.now() + ttlSeconds * 1000 });
    },
    async delete(key) {
      entries.delete(keyPrefix + key);
    },
    async acquireLock(key, ttlMs) {
      if (read(key) !== null) return null;
      const token = randomBytes(16).toString('hex');
      entries.set(keyPrefix + key, { value: JSON.stringify(token), expiresAt: Date.now() + ttlMs });
      return token;
    },
    async releaseLock(key, token) {
      if (read(key) === JSON.stringify(token)) entries.delete(keyPrefix + key);
    },
    async ping() {
      return true;
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    store: SessionStore;
  }
}

export interface StorePluginOptions extends SessionStoreOptions {
  /** A store made by the caller (tests, several apps sharing one store); the caller closes it. */
  store?: SessionStore;
}

export default fp<StorePluginOptions>(
  async (app, options) => {
    const store = options.store ?? createSessionStore(options);
    app.decorate('store', store);
    if (!options.store) app.addHook('onClose', async () => store.close());
  },
  { name: 'store', fastify: '5.x' },
);
