import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isLimitSchema, type IsLimit } from '@product-console/shared';
import { GatewayError } from '../../errors.js';
import { activePair } from '../../plugins/session.js';
import { callWithSession } from '../../plugins/upstream.js';

/**
 * Plan-limit checks. Spec point 8: a failed limit check is treated as denied, so anything but a
 * well-formed answer of the API is `{isLimit: true}`. Only a dead session answers 401.
 */
async function checkLimit(request: FastifyRequest, path: string): Promise<IsLimit> {
  const handle = await request.server.sessions.require(request);
  try {
    const { response } = await callWithSession(request, handle, activePair(handle.data), (token) =>
      request.server.upstream.call('GET', path, { token, requestId: request.id }),
    );
    const parsed = isLimitSchema.safeParse(response.body);
    if (response.status === 200 && parsed.success) return { isLimit: parsed.data.isLimit };
    request.log.warn({ status: response.status, path }, 'plan check failed; treated as limit reached');
  } catch (err) {
    if (err instanceof GatewayError && err.statusCode === 401) throw err;
    request.log.warn({ err, path }, 'plan check failed; treated as limit reached');
  }
  return { isLimit: true };
}

const planRoutes: FastifyPluginAsync = async (app) => {
  app.get('/check/product', (request) => checkLimit(request, '/api/service/plan/check/product'));

  app.get<{ Querystring: { productId?: string } }>('/check/link', (request) => {
    const productId = request.query.productId ?? '';
    return checkLimit(request, `/api/service/plan/check/link?productId=${encodeURIComponent(productId)}`);
  });
};

export default planRoutes;
