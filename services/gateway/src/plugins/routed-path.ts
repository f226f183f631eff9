import fp from 'fastify-plugin';
import { gatewayErrors } from '../errors.js';
import { routedPathOf } from '../lib/routed-path.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's path as the router routes it: decoded, dot segments resolved, duplicate and
     * trailing slashes dropped. Every check (CSRF, rate limits, allow and deny lists) reads this,
     * never the raw URL, so no spelling of a path walks around them.
     */
    routedPath: string;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('routedPath', '');
    app.addHook('onRequest', (request, _reply, done) => {
      const path = routedPathOf(request.url);
      if (path === null) {
        done(gatewayErrors.badPath());
        return;
      }
      request.routedPath = path;
      done();
    });
  },
  { name: 'routed-path', fastify: '5.x' },
);
