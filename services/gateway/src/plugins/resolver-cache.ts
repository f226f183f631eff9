import fp from 'fastify-plugin';
import { createResolverCache, type ResolverCache } from '../routes/resolver/cache.js';
import { createLocalBus, createRedisBus } from '../routes/resolver/invalidation-bus.js';
import { createResolverLoader } from '../routes/resolver/loader.js';

/*
 * The resolver's cache (routes/resolver/cache.ts), wired: the app's store as its shared level,
 * its invalidation bus over the app's Redis (or in process), the API through the upstream client.
 * A plugin of its own because the proxy also uses it: it acts on the API's `x-resolver-invalidate`.
 */

declare module 'fastify' {
  interface FastifyInstance {
    resolverCache: ResolverCache;
  }
}

export interface ResolverCachePluginOptions {
  ttlSeconds: number;
  negativeTtlSeconds: number;
  maxEntries: number;
}

export default fp<ResolverCachePluginOptions>(
  async (app, options) => {
    const { redis, store } = app;
    const bus = store.kind === 'redis' && redis.configured ? createRedisBus(redis, `${redis.keyPrefix}resolver:invalidate`) : createLocalBus(store);
    // Errors of the store are logged once per kind of action and minute, not once per scan.
    const lastLogged = new Map<string, number>();
    const cache = createResolverCache({
      store,
      bus,
      load: createResolverLoader({ upstream: app.upstream, onUpstreamError: (kind) => app.metrics.upstreamError(kind) }),
      ...options,
      readyTimeoutMs: redis.timeoutMs,
      onHit: (level) => app.metrics.resolverCacheHit(level),
      onMiss: () => app.metrics.resolverCacheMiss(),
      onError(err, action) {
        const now = Date.now();
        if ((lastLogged.get(action) ?? 0) > now - 60_000) return;
        lastLogged.set(action, now);
        app.log.warn({ err }, `resolver cache: could not ${action}`);
      },
    });
    app.decorate('resolverCache', cache);
    app.addHook('onReady', async () => cache.start());
    app.addHook('onClose', async () => cache.close());
  },
  { name: 'resolver-cache', fastify: '5.x', dependencies: ['redis', 'store', 'upstream', 'metrics'] },
);
