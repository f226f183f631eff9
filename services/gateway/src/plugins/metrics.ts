import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export type UpstreamErrorKind = 'unavailable' | 'timeout' | 'bad_gateway';
export type TokenRefreshResult = 'ok' | 'invalid' | 'failed';
export type RateLimitName = 'sign_in_address' | 'sign_in_email' | 'bff_session' | 'account_address' | 'public_address';
/** How the resolver answered a Digital Link request; `unavailable`: the API could not be asked. */
export type ResolverOutcome = 'redirect' | 'linkset' | 'not_found' | 'bad_request' | 'unavailable';
/** Where a resolver lookup found its data: this replica's memory or the shared store. */
export type ResolverCacheLevel = 'memory' | 'store';

/**
 * What the gateway counts, in Prometheus terms. Each app has its own registry, so several apps in
 * one process (tests, the benchmark) never mix their numbers.
 */
export interface GatewayMetrics {
  readonly registry: Registry;
  /** One answered request; `route` is the route pattern, never the raw URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  upstreamError(kind: UpstreamErrorKind): void;
  tokenRefresh(result: TokenRefreshResult): void;
  planCacheHit(): void;
  planCacheMiss(): void;
  rateLimited(limit: RateLimitName): void;
  /**
   * Counts requests of one method, route and status in bff_http_requests_total, for the
   * resolver's cached redirects, which are answered before Fastify's lifecycle (and its onResponse
   * hook) in microseconds: counted, not timed (timing each would cost more than it tells).
   */
  requestCounter(method: string, route: string, statusCode: number): () => void;
  resolverRequest(outcome: ResolverOutcome): void;
  resolverCacheHit(level: ResolverCacheLevel): void;
  /** A resolver lookup that called the API. */
  resolverCacheMiss(): void;
}

export interface MetricsOptions {
  /** Process metrics (CPU, memory, event loop, GC) beside the gateway's own. */
  processMetrics?: boolean;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics({ processMetrics = true }: MetricsOptions = {}): GatewayMetrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });

  // Counts taken on the resolver's hot path as plain numbers, added to the counters when scraped.
  const pendingRequests: { labels: { method: string; route: string; status_code: string }; count: number }[] = [];
  const requests = new Counter({
    name: 'bff_http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
    collect() {
      for (const pending of pendingRequests) {
        if (pending.count) this.inc(pending.labels, pending.count);
        pending.count = 0;
      }
    },
  });
  const duration = new Histogram({
    name: 'bff_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'bff_upstream_errors_total',
    help: 'Calls to the API that got no usable answer: unavailable (refused, 503), timeout, bad_gateway',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const tokenRefreshes = new Counter({
    name: 'bff_token_refresh_total',
    help: 'Access-token refreshes the gateway made at the API, by result',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const planCacheHits = new Counter({
    name: 'bff_plan_cache_hits_total',
    help: 'Plan-limit checks answered without calling the API',
    registers: [registry],
  });
  const planCacheMisses = new Counter({
    name: 'bff_plan_cache_misses_total',
    help: 'Plan-limit checks that called the API',
    registers: [registry],
  });
  const rateLimitedRequests = new Counter({
    name: 'bff_rate_limited_total',
    help: 'Requests refused with 429, by limit',
    labelNames: ['limit'] as const,
    registers: [registry],
  });

  // Bounded: route patterns (not raw URLs) times methods times status codes.
  const seriesByKey = new Map<string, { count: { inc(): void }; time: { observe(value: number): void } }>();

  const outcomes: Record<ResolverOutcome, number> = { redirect: 0, linkset: 0, not_found: 0, bad_request: 0, unavailable: 0 };
  const hits: Record<ResolverCacheLevel, number> = { memory: 0, store: 0 };
  let misses = 0;
  new Counter({
    name: 'bff_resolver_requests_total',
    help: 'Digital Link requests answered by the resolver, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      for (const outcome of Object.keys(outcomes) as ResolverOutcome[]) {
        this.inc({ outcome }, outcomes[outcome]);
        outcomes[outcome] = 0;
      }
    },
  });
  new Counter({
    name: 'bff_resolver_cache_hits_total',
    help: 'Resolver lookups answered from a cache, by level (memory of this replica, shared store)',
    labelNames: ['level'] as const,
    registers: [registry],
    collect() {
      for (const level of Object.keys(hits) as ResolverCacheLevel[]) {
        this.inc({ level }, hits[level]);
        hits[level] = 0;
      }
    },
  });
  new Counter({
    name: 'bff_resolver_cache_misses_total',
    help: 'Resolver lookups that called the API',
    registers: [registry],
    collect() {
      this.inc(misses);
      misses = 0;
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      // One pair of label children per series, found by one string key: prom-client would
      // otherwise sort and join the label object on each of the two calls.
      const key = `${method} ${statusCode} ${route}`;
      let series = seriesByKey.get(key);
      if (!series) {
        const labels = { method, route, status_code: String(statusCode) };
        series = { count: requests.labels(labels), time: duration.labels(labels) };
        seriesByKey.set(key, series);
      }
      series.count.inc();
      series.time.observe(seconds);
    },
    upstreamError: (kind) => upstreamErrors.inc({ kind }),
    tokenRefresh: (result) => tokenRefreshes.inc({ result }),
    planCacheHit: () => planCacheHits.inc(),
    planCacheMiss: () => planCacheMisses.inc(),
    rateLimited: (limit) => rateLimitedRequests.inc({ limit }),
    requestCounter(method, route, statusCode) {
      const pending = { labels: { method, route, status_code: String(statusCode) }, count: 0 };
      pendingRequests.push(pending);
      return () => {
        pending.count += 1;
      };
    },
    resolverRequest: (outcome) => {
      outcomes[outcome] += 1;
    },
    resolverCacheHit: (level) => {
      hits[level] += 1;
    },
    resolverCacheMiss: () => {
      misses += 1;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: GatewayMetrics;
  }
}

/** Decorates `metrics` and counts every answered request by its route pattern. */
export default fp<MetricsOptions>(
  async (app, options) => {
    const metrics = createMetrics(options);
    app.decorate('metrics', metrics);
    // Callback-style hooks here and in app.ts: an async hook costs each request a promise.
    app.addHook('onResponse', (request, reply, done) => {
      // Unmatched URLs share one label: raw URLs would make every scanner's probe a new series.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics', fastify: '5.x' },
);
