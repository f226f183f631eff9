import fp from 'fastify-plugin';
import { createResolutionCache, type ResolutionCache } from '../resolution/cache.js';
import { createLocalBus, createRedisBus } from '../resolution/invalidation-bus.js';
import { createResolverLoader } from '../resolution/loader.js';

/*
 * The resolution cache (resolution/cache.ts), wired: the app's store as its shared level, one
 * invalidation bus over the app's Redis (or in process), the API through the upstream client. A
 * plugin of its own because three surfaces use it: the resolver reads its records, the landing its
 * page data, and the proxy acts on the API's `x-resolver-invalidate`.
 */

declare module 'fastify' {
  interface FastifyInstance {
    resolution: ResolutionCache;
  }
}

export interface ResolutionPluginOptions {
  /** The resolver's records. */
  ttlSeconds: number;
  negativeTtlSeconds: number;
  maxEntries: number;
  /** The landing's page data. */
  pageTtlSeconds: number;
  pageMaxEntries: number;
}

export default fp<ResolutionPluginOptions>(
  async (app, options) => {
    const { redis, store } = app;
    const bus = store.kind === 'redis' && redis.configured ? createRedisBus(redis, `${redis.keyPrefix}resolver:invalidate`) : createLocalBus(store);
    // Errors of the store are logged once per kind of action and minute, not once per scan.
    const lastLogged = new Map<string, number>();
    const cache = createResolutionCache({
      store,
      bus,
      load: createResolverLoader({ upstream: app.upstream, onUpstreamError: (kind) => app.metrics.upstreamError(kind) }),
      entries: { ttlSeconds: options.ttlSeconds, negativeTtlSeconds: options.negativeTtlSeconds, maxEntries: options.maxEntries },
      pages: { ttlSeconds: options.pageTtlSeconds, maxEntries: options.pageMaxEntries },
      readyTimeoutMs: redis.timeoutMs,
      onHit: (level) => app.metrics.resolverCacheHit(level),
      onMiss: () => app.metrics.resolverCacheMiss(),
      onError(err, action) {
        const now = Date.now();
        if ((lastLogged.get(action) ?? 0) > now - 60_000) return;
        lastLogged.set(action, now);
        app.log.warn({ err }, `resolution cache: could not ${action}`);
      },
    });
    app.decorate('resolution', cache);
    app.addHook('onReady', async () => cache.start());
    app.addHook('onClose', async () => cache.close());
  },
  { name: 'resolution', fastify: '5.x', dependencies: ['redis', 'store', 'upstream', 'metrics'] },
);
