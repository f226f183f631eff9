import fp from 'fastify-plugin';
import { gatewayErrors } from '../errors.js';
import { isUnder } from '../lib/routed-path.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A custom header cannot be sent cross-site without a CORS preflight, which the gateway never
 * grants; with SameSite=Strict cookies this closes cross-site request forgery on /bff.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const guarded = STATE_CHANGING.has(request.method) && isUnder(request.routedPath, '/bff');
      done(guarded && request.headers['x-csrf'] !== '1' ? gatewayErrors.csrfMissing() : undefined);
    });
  },
  { name: 'csrf', fastify: '5.x', dependencies: ['routed-path'] },
);
