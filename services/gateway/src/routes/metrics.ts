import type { FastifyPluginAsync } from 'fastify';

/**
 * Prometheus scrape endpoint. It tells about traffic, not about users; keep it off the public
 * internet at the load balancer all the same.
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/metrics', async (_request, reply) => {
    const { registry } = app.metrics;
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
};

export default metricsRoutes;
