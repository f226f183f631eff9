import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createRedisConnections, type RedisConnections } from './redis.js';

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
  /**
   * The app's Redis connections (the store uses the `store` one and leaves closing it to their
   * owner); without them, or when they have no Redis, the store lives in this process.
   */
  redis?: RedisConnections;
  /** A Redis URL, for a store of its own (tests, a second app): it makes and closes its connection. */
  redisUrl?: string;
  keyPrefix?: string;
  /** Longest a connect or a command may take before the caller gets an error. */
  timeoutMs?: number;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  if (options.redis?.configured) return createRedisStore(options.redis, false);
  const keyPrefix = options.keyPrefix ?? options.redis?.keyPrefix ?? 'gw:';
  if (options.redisUrl) return createRedisStore(createRedisConnections({ url: options.redisUrl, keyPrefix, timeoutMs: options.timeoutMs }), true);
  return createMemoryStore(keyPrefix);
}

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

type RedisWithRelease = Redis & { releaseLock(key: string, token: string): Promise<number> };

function createRedisStore(connections: RedisConnections, ownsConnections: boolean): SessionStore {
  const client = connections.client('store') as RedisWithRelease;
  client.defineCommand('releaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK });
  /** The client once it can take a command; the hot path (connected) costs one comparison. */
  const redis = async () => {
    if (client.status !== 'ready') await connections.ready('store');
    return client;
  };

  return {
    kind: 'redis',
    async get<T>(key: string) {
      const raw = await (await redis()).get(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlSeconds) {
      await (await redis()).set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async delete(key) {
      await (await redis()).del(key);
    },
    async acquireLock(key, ttlMs) {
      const token = randomBytes(16).toString('hex');
      const ok = await (await redis()).set(key, token, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX');
      return ok === 'OK' ? token : null;
    },
    async releaseLock(key, token) {
      await (await redis()).releaseLock(key, token);
    },
    async ping() {
      try {
        return (await (await redis()).ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      if (ownsConnections) await connections.close();
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

export interface StorePluginOptions {
  /** A store made by the caller (tests, several apps sharing one store); the caller closes it. */
  store?: SessionStore;
}

export default fp<StorePluginOptions>(
  async (app, options) => {
    const store = options.store ?? createSessionStore({ redis: app.redis });
    app.decorate('store', store);
    if (!options.store) app.addHook('onClose', async () => store.close());
  },
  { name: 'store', fastify: '5.x', dependencies: ['redis'] },
);
