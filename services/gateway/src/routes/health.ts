import type { FastifyPluginAsync } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: readyz answers 503 so load balancers stop sending new requests. */
    draining: boolean;
  }
}

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    if (app.draining) return reply.code(503).send({ status: 'draining' });
    const [store, upstream] = await Promise.all([app.store.ping(), app.upstream.ping()]);
    if (store && upstream) return { status: 'ok' };
    // Which dependency is down, for whoever looks at the load balancer's health page.
    return reply.code(503).send({ status: 'unavailable', checks: { store, upstream } });
  });
};

export default healthRoutes;
