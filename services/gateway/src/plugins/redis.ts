import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

/*
 * Every Redis connection of the gateway, made and closed in one place. One connection per
 * purpose, because the purposes cannot share one:
 * - `store`: sessions, locks and caches (the store adds the key prefix to every key);
 * - `rate-limit`: the request counters, on a client of their own so that a slow counter is given
 *   up on after a short timeout without failing a session read queued behind it (decision 020);
 * - `publisher` and `subscriber`: the resolver's invalidation bus; a subscribed connection can
 *   run no other command.
 */

export type RedisPurpose = 'store' | 'rate-limit' | 'publisher' | 'subscriber';

export interface RedisConnections {
  /** False without a Redis URL: the gateway keeps its state in this process (one replica only). */
  readonly configured: boolean;
  /** Namespace of everything the app keeps in Redis (and in the in-process store). */
  readonly keyPrefix: string;
  /** Longest a connect or a command may take before the caller gets an error. */
  readonly timeoutMs: number;
  /** The connection for one purpose, made on first use. Throws when no Redis is configured. */
  client(purpose: RedisPurpose): Redis;
  /**
   * Resolves when the purpose's connection can take a command: while a connection attempt is
   * under way, it waits for that attempt (at most the purpose's timeout); between attempts it
   * rejects at once.
   */
  ready(purpose: RedisPurpose): Promise<void>;
  close(): Promise<void>;
}

export interface RedisConnectionsOptions {
  /** A Redis URL; without it no connection is ever made. */
  url?: string;
  keyPrefix?: string;
  timeoutMs?: number;
}

/** A rate-limit counter must never hold a request up for long: a slow one is skipped like a dead one. */
const COUNTER_TIMEOUT_CAP_MS = 500;

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

const timeoutOf = (purpose: RedisPurpose, timeoutMs: number) =>
  purpose === 'rate-limit' ? Math.min(timeoutMs, COUNTER_TIMEOUT_CAP_MS) : timeoutMs;

function optionsFor(purpose: RedisPurpose, timeoutMs: number, keyPrefix: string): RedisOptions {
  const options = failFastRedisOptions(timeoutOf(purpose, timeoutMs));
  if (purpose === 'store') return { ...options, keyPrefix };
  // The counter is asked once: a retry would only make the request wait longer.
  if (purpose === 'rate-limit') return { ...options, maxRetriesPerRequest: 0 };
  return options;
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

async function closeClient(client: Redis) {
  // QUIT would wait for a connection that may never come back.
  if (client.status !== 'ready') return client.disconnect();
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

export function createRedisConnections({ url, keyPrefix = 'gw:', timeoutMs = 2_000 }: RedisConnectionsOptions = {}): RedisConnections {
  const clients = new Map<RedisPurpose, Redis>();
  let closed = false;

  const client = (purpose: RedisPurpose): Redis => {
    let made = clients.get(purpose);
    if (made) return made;
    if (!url) throw new Error('no Redis is configured (REDIS_URL)');
    if (closed) throw new Error('the Redis connections are closed');
    made = new Redis(url, optionsFor(purpose, timeoutMs, keyPrefix));
    // Without a listener ioredis prints every reconnect error; readyz and the callers report it.
    made.on('error', () => {});
    clients.set(purpose, made);
    return made;
  };

  return {
    configured: Boolean(url),
    keyPrefix,
    timeoutMs,
    client,
    ready(purpose) {
      const made = client(purpose);
      return made.status === 'ready' ? Promise.resolve() : untilReady(made, timeoutOf(purpose, timeoutMs));
    },
    async close() {
      closed = true;
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map(closeClient));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    redis: RedisConnections;
  }
}

export type RedisPluginOptions = RedisConnectionsOptions;

/** Decorates `redis`, the app's Redis connections; the plugins that use one declare `redis`. */
export default fp<RedisPluginOptions>(
  async (app, options) => {
    const connections = createRedisConnections(options);
    app.decorate('redis', connections);
    app.addHook('onClose', async () => connections.close());
  },
  { name: 'redis', fastify: '5.x' },
);
