import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

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
  /** Longest a connect or a command may take before the caller gets an error. */
  timeoutMs?: number;
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const keyPrefix = options.keyPrefix ?? 'gw:';
  return options.redisUrl
    ? createRedisStore(options.redisUrl, keyPrefix, options.timeoutMs ?? 2_000)
    : createMemoryStore(keyPrefix);
}

/**
 * ioredis settings for a client whose callers must fail fast rather than wait on a dead Redis:
 * no offline queue (a command while disconnected fails at once), one retry per command, short
 * connect and command timeouts, and reconnection for ever in the background so the gateway
 * recovers by itself when Redis comes back.
 */
export function failFastRedisOptions(timeoutMs: number): RedisOptions {
  return {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    retryStrategy: (attempt) => Math.min(100 * attempt, 2_000),
  };
}

const CONNECTING = new Set(['wait', 'connecting', 'connect']);

/**
 * Resolves when the client can take a command. While a connection attempt is under way (at boot,
 * or a reconnect) it waits for that attempt's outcome, at most `timeoutMs`; between failed
 * attempts it rejects at once, so a dead Redis costs a request nothing but the error.
 */
export function untilReady(redis: Redis, timeoutMs: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  if (!CONNECTING.has(redis.status)) return Promise.reject(new Error(`store connection is ${redis.status}`));
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onReady = () => done();
    const onClose = () => done(new Error('store connection closed'));
    const timer = setTimeout(() => done(new Error('store connection timed out')), timeoutMs);
    redis.once('ready', onReady);
    redis.once('close', onClose);
  });
}

const RELEASE_LOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

type RedisWithRelease = Redis & { releaseLock(key: string, token: string): Promise<number> };

function createRedisStore(url: string, keyPrefix: string, timeoutMs: number): SessionStore {
  const client = new Redis(url, { ...failFastRedisOptions(timeoutMs), keyPrefix }) as RedisWithRelease;
  client.defineCommand('releaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK });
  // Without a listener ioredis prints every reconnect error; readyz reports the state instead.
  client.on('error', () => {});
  /** The client once it can take a command; the hot path (connected) costs one comparison. */
  const redis = async () => {
    if (client.status !== 'ready') await untilReady(client, timeoutMs);
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
      // QUIT would wait for a connection that may never come back.
      if (client.status !== 'ready') return client.disconnect();
      try {
        await client.quit();
      } catch {
        client.disconnect();
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
