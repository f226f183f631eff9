import fp from 'fastify-plugin';
import { gatewayErrors } from '../errors.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A custom header cannot be sent cross-site without a CORS preflight, which the gateway never
 * grants; with SameSite=Strict cookies this closes cross-site request forgery on /bff.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!STATE_CHANGING.has(request.method)) return;
      const path = request.url;
      if (path !== '/bff' && !path.startsWith('/bff/') && !path.startsWith('/bff?')) return;
      if (request.headers['x-csrf'] !== '1') throw gatewayErrors.csrfMissing();
    });
  },
  { name: 'csrf', fastify: '5.x' },
);
